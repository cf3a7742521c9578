import PptxGenJS from "pptxgenjs";

// The one door into a PowerPoint deck (the news export, report decks). pptxgenjs escapes markup but copies every
// other character into the slide XML as it is, and a character XML 1.0 forbids (a NUL or a vertical tab pasted into a
// news title, a control character in a sheet cell) makes a file PowerPoint refuses to open. So a deck is made by
// `presentation()`, whose slides clean every text they are given — plain text, runs, table cells, links — and whose
// properties are cleaned too: no builder has to remember.

/** What XML 1.0 forbids: C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF; lone surrogates. */
const NOT_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/** `text` without the characters XML 1.0 forbids. */
export const xmlText = (text: string) => text.replace(NOT_XML, "");

type Run = PptxGenJS.TextProps | PptxGenJS.TableCell;

function cleanOptions<O extends PptxGenJS.TextPropsOptions | PptxGenJS.TableCellProps | undefined>(options: O): O {
  const link = options?.hyperlink;
  if (!link) return options;
  return {
    ...options,
    hyperlink: { ...link, ...(link.url ? { url: xmlText(link.url) } : {}), ...(link.tooltip ? { tooltip: xmlText(link.tooltip) } : {}) },
  };
}

function cleanRun<R extends Run>(run: R): R {
  const text = run.text;
  return { ...run, text: typeof text === "string" ? xmlText(text) : text?.map(cleanRun), options: cleanOptions(run.options) };
}

/** A new wide (13.33 × 7.5 in) deck whose slides take only XML-safe text. */
export function presentation(properties: { title: string; subject?: string }): PptxGenJS {
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.company = "Pharmascope";
  pptx.title = xmlText(properties.title);
  if (properties.subject) pptx.subject = xmlText(properties.subject);
  const addSlide = pptx.addSlide.bind(pptx) as (props?: PptxGenJS.AddSlideProps) => PptxGenJS.Slide;
  pptx.addSlide = ((props?: PptxGenJS.AddSlideProps) => {
    const slide = addSlide(props);
    const addText = slide.addText.bind(slide);
    const addTable = slide.addTable.bind(slide);
    slide.addText = (text, options) => addText(typeof text === "string" ? xmlText(text) : text.map(cleanRun), cleanOptions(options));
    slide.addTable = (rows, options) =>
      addTable(
        rows.map((row) => row.map(cleanRun)),
        options,
      );
    return slide;
  }) as PptxGenJS["addSlide"];
  return pptx;
}
