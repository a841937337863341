// LabApp's files: the folder pictures and traces go to, a screenshot, the Markdown trace. Nothing is
// overwritten: a name already taken gets " (2)", and the message says so.
#include <filesystem>
#include <system_error>

#include "app/lab_app.hpp"
#include "app/platform/platform_paths.hpp"
#include "app/text/number_text.hpp"
#include "app/text/text_file.hpp"
#include "core/formats/explore_markdown.hpp"
#include "core/formats/sql_trace.hpp"
#include "core/formats/trace_markdown.hpp"

namespace reslab {

std::string LabApp::output_dir(std::string& error) const {
  const std::string dir = m_view.screenshot_dir.empty() ? default_pictures_dir() : m_view.screenshot_dir;
  error = dir.empty() ? "no folder for screenshots: set one under the screenshot options" : ensure_dir(dir);
  return dir;
}

namespace {
// `stem` + `extension` in `dir`, or with " (2)", " (3)"... when that file exists: nothing is overwritten.
// `taken`: whether the plain name was taken.
std::string unused_path(const std::string& dir, const std::string& stem, const std::string& extension,
                        bool& taken) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path path = fs::path(dir) / (stem + extension);
  taken = fs::exists(path, error);
  for (int copy = 2; fs::exists(path, error) && copy < 10'000; ++copy)
    path = fs::path(dir) / (stem + " (" + std::to_string(copy) + ")" + extension);
  return path.string();
}
}  // namespace

void LabApp::take_screenshot() {
  std::string error;
  const std::string dir = output_dir(error);
  if (error.empty()) {
    const std::string model = m_view.compare         ? "compare"
                              : m_session->variant() ? m_session->variant()->id
                                                     : std::string(model_name(m_session->model()));
    // The language is in the name: the same step in the other language is another picture.
    const std::string stem = m_session->scenario().id + "-" + model + "-step" +
                             two_digits(m_session->cursor()) + "-" + std::string(lang_code(m_view.lang));
    bool taken = false;
    const std::string path = unused_path(dir, stem, ".png", taken);
    error = m_platform.save_screenshot(path, m_view.screenshot_scale);
    if (error.empty()) {
      toast(tr(taken ? "toast.screenshot_saved_beside" : "toast.screenshot_saved",
               {{"path", path}, {"taken", stem + ".png"}}));
      return;
    }
  }
  toast(tr("toast.screenshot_failed", {{"reason", error}}), true);
}

void LabApp::save_trace_markdown() {
  std::string error;
  const std::string dir = output_dir(error);
  if (error.empty()) {
    const Trace& trace = m_session->trace();
    const std::string stem = trace.scenario + "-" +
                             (trace.variant.empty() ? std::string(model_name(trace.model)) : trace.variant) +
                             "-" + std::string(lang_code(m_view.lang));
    bool taken = false;
    const std::string path = unused_path(dir, stem, ".md", taken);
    std::string markdown;
    if (const SqlRunResult* run = m_session->sql_run()) {
      // An SQL scenario's run as `reslab trace FILE --variant ID --order ...` prints it.
      markdown = sql_run_to_markdown(*run, *m_session->sql_scenario(), m_view.lang);
    } else {
      markdown = trace_to_markdown(trace, m_session->scenario(), m_view.lang);
      if (!trace.preset.empty() && trace.backend == Backend::sqlite)
        markdown += "\n" + every_order_section(m_session->scenario(), trace.preset, m_view.lang);
    }
    error = write_text_file(path, markdown);
    if (error.empty()) {
      m_platform.file_written(path, "text/markdown");
      toast(tr(taken ? "toast.trace_saved_beside" : "toast.trace_saved",
               {{"path", path}, {"taken", stem + ".md"}}));
      return;
    }
  }
  toast(tr("toast.trace_failed", {{"reason", error}}), true);
}

}  // namespace reslab
