/** Copyright line at the foot of the browsing pages, with the current year (user-app §2). */
export function PageFooter() {
  return <footer className="page-footer">© {new Date().getFullYear()} Pharmascope. All rights reserved.</footer>;
}
