import { test, DEMO, hydrated } from "./utils";

for (let i = 0; i < 2; i++)
test(`prof ${i}`, async ({ page, signIn, js }) => {
  let t = Date.now();
  const lap = (l: string) => { const n = Date.now(); console.log(`${l}: ${n - t} ms`); t = n; };
  await signIn(DEMO.owner); lap("signIn");
  await page.goto("/administration/users"); lap("goto");
  await hydrated(page, js); lap("hydrated");
  console.log(JSON.stringify(await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const res = performance.getEntriesByType("resource").map((r) => [r.name.replace(location.origin, ""), Math.round(r.startTime), Math.round(r.responseEnd), (r as PerformanceResourceTiming).transferSize]);
    return { nav: { resp: nav.responseEnd, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd }, n: res.length, res };
  }), null, 0));
  await page.goto("/administration/client"); lap("goto 2");
  console.log(JSON.stringify(await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { nav: { resp: nav.responseEnd, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd } };
  })));
});
