declare module "*.css" {
  const href: string;
  export default href;
}
