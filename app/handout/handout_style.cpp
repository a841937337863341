#include "app/handout/handout_style.hpp"

#include "app/handout/html_text.hpp"

namespace reslab {

// Fonts the reader's machine already has; Chinese falls back through the common CJK families. On paper
// the step tables get landscape pages: a case may have a dozen columns.
std::string_view handout_css() {
  return R"css(:root { color-scheme: light; }
body { margin: 0; background: #fff; color: #1d232b; line-height: 1.55;
  font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "Source Han Sans SC",
    "PingFang SC", "Microsoft YaHei", sans-serif; }
main { max-width: 1040px; margin: 0 auto; padding: 24px 32px 64px; }
h1 { font-size: 2rem; line-height: 1.25; margin: .1em 0 .4em; }
h2 { font-size: 1.5rem; margin: 2em 0 .5em; padding-bottom: .2em; border-bottom: 2px solid #d5dae1; }
h3 { font-size: 1.2rem; margin: 1.6em 0 .3em; }
h4 { font-size: 1.05rem; margin: 1.2em 0 .3em; }
p { margin: .35em 0; }
code { font-family: "DejaVu Sans Mono", "Noto Sans Mono", Menlo, Consolas, monospace; font-size: .88em;
  background: #f0f2f5; padding: 0 .25em; border-radius: 3px; overflow-wrap: anywhere; }
a { color: #1a5fb4; }
.kicker { color: #5b6470; text-transform: uppercase; letter-spacing: .06em; font-size: .85rem; margin: 0; }
.summary { font-size: 1.15rem; }
nav ul { list-style: none; padding: 0; margin: 1em 0 0; display: flex; flex-wrap: wrap; gap: .3em 1.4em; }
dl dt { font-weight: 600; margin-top: .7em; }
dl dd { margin: .2em 0 0 1.2em; }
.model { color: #3a4350; }
.order { color: #5b6470; font-size: .92rem; }
figure.slide { margin: 1.2em 0 2.4em; }
figure.slide img { display: block; width: 100%; height: auto; border: 1px solid #c9ced6; }
figcaption { margin-top: .6em; }
.why .heading { font-weight: 600; margin-top: 0; }
.why .late { color: #5b6470; }
.why .outcome { color: #3a4350; font-size: .95em; }
.why .woke { font-weight: 600; color: #6b4a00; margin-top: .6em; }
.why .note { color: #4a5360; font-style: italic; border-left: 3px solid #c9ced6; padding-left: .7em; margin-top: .6em; }
.stopped { border: 1px solid #d9a400; background: #fff8e1; padding: .5em .8em; border-radius: 4px; }
table.steps { border-collapse: collapse; width: 100%; font-size: .9rem; margin: .6em 0 1.6em; }
table.steps th, table.steps td { border: 1px solid #c9ced6; padding: .3em .45em; vertical-align: top; text-align: left; }
table.steps thead th { background: #eef1f4; }
table.steps tr.why-row td { background: #fafbfc; padding: .5em .8em .7em; }
td.broken { color: #a40e26; font-weight: 600; }
.anomaly { color: #a40e26; font-weight: 600; }
.prevented { color: #1d6b34; font-weight: 600; }
table.isolation td.anomaly { background: #fde7ea; }
table.isolation td.prevented { background: #e3f4e7; }
table.isolation td a { color: inherit; }
pre.sql { background: #f0f2f5; padding: .6em .8em; border-radius: 4px; overflow-x: auto; font-size: .88em;
  font-family: "DejaVu Sans Mono", "Noto Sans Mono", Menlo, Consolas, monospace; }
ul.cases { padding-left: 1.2em; }
ul.cases li { margin: 1em 0; }
ul.cases a { font-size: 1.15rem; font-weight: 600; }
footer { color: #5b6470; font-size: .88rem; margin-top: 3em; border-top: 1px solid #d5dae1; padding-top: .8em; }
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  @page tables { size: A4 landscape; margin: 12mm 14mm; }
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  nav { display: none; }
  a { color: inherit; text-decoration: none; }
  h2, h3, h4 { break-after: avoid; }
  section.run, #presets, #questions { break-before: page; }
  #presets { page: tables; }
  table.steps { font-size: 8.5pt; }
  section.run > h3 { margin-top: 0; }
  figure.slide { break-inside: avoid; margin: 0 0 1.2em; }
  table.steps thead { display: table-header-group; }
  table.steps tbody { break-inside: avoid; }
  p { orphans: 3; widows: 3; }
  td.broken, .stopped, table.isolation td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
)css";
}

void open_handout_page(std::ostringstream& out, const std::string& title, Lang lang) {
  out << "<!DOCTYPE html>\n<html lang=\"" << (lang == Lang::zh ? "zh-CN" : "en")
      << "\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>" << html_escape(title) << "</title>\n<style>\n"
      << handout_css() << "</style>\n</head>\n<body>\n<main>\n";
}

void close_handout_page(std::ostringstream& out, const UiText& text, Lang lang, const std::string& command) {
  out << "<footer>"
      << html_escape(text.format(lang, "handout.footer", {{"version", RESLAB_VERSION}, {"command", command}}))
      << "</footer>\n</main>\n</body>\n</html>\n";
}

}  // namespace reslab
