#pragma once
// The app at each step of a run, drawn in a hidden window into an offscreen framebuffer: the frames
// `reslab export` writes and `reslab handout` embeds. Only a settled frame is captured.
#include <memory>
#include <string>
#include <vector>

#include "app/gui_context.hpp"
#include "app/lab_app.hpp"
#include "app/lab_window.hpp"
#include "app/platform/png_writer.hpp"
#include "core/sim/model.hpp"
#include "core/sim/text.hpp"

namespace reslab {

class SlideCamera {
 public:
  // Opens a hidden window of `width` x `height` logical pixels with the fonts `find_font` finds (throws
  // DisplayError; a display that refuses the connection is tried a few times) and the app on
  // `scenario_file` in `lang` (throws UsageError when the app cannot use the file). `content`: the frames
  // presentation mode shows, without the toolbar.
  SlideCamera(FontFinder find_font, const std::string& scenario_file, Lang lang, int width, int height,
              int scale, bool content = false);
  ~SlideCamera();
  SlideCamera(const SlideCamera&) = delete;
  SlideCamera& operator=(const SlideCamera&) = delete;

  // Runs `order` (under `preset`'s times and arguments when one is named), or the preset's own order
  // when `order` is empty, under `model` on `backend`. The session says how far it got and why it stopped.
  // Throws BackendUnavailableError when the backend cannot be used.
  const LabSession& run(Model model, const std::string& preset, const std::vector<std::string>& order = {},
                        Backend backend = Backend::sqlite);
  // An SQL scenario's run under `variant` (its backend's server started already), of `order` or the
  // permutation `preset`. Throws BackendUnavailableError when the variant cannot run here.
  const LabSession& run_variant(const std::string& variant, const std::string& preset,
                                const std::vector<std::string>& order = {});
  // The window after step `step` of the last run (0: before the first); no pixels when the offscreen
  // framebuffer failed.
  RgbaImage capture(int step);
  // What the last captured frame had to show and did not (app/export/visibility.hpp: "table holds",
  // "row holds 2", "sql 3"...): a changed table, row, the current event, an SQL statement or the
  // explanation outside its panel's visible area. Empty when the picture hides nothing that changed.
  const std::vector<std::string>& clipped() const { return m_clipped; }

 private:
  class HiddenPlatform;
  std::unique_ptr<GuiContext> m_gui;
  std::unique_ptr<HiddenPlatform> m_platform;
  std::unique_ptr<LabApp> m_app;
  WindowState m_state;
  std::vector<std::string> m_clipped;
  int m_width, m_height, m_scale;
};

}  // namespace reslab
