// The GLFW 3.3 calls shim/GLFW/glfw3.h declares. The canvas's pixels are CSS pixels (no content
// scale: the page's zoom is the browser's).
#include <GLFW/glfw3.h>

#include <initializer_list>

extern "C" {

// No work area: the canvas is sized by the page (app/platform/web/web_main.cpp follows it), so the
// window code has nothing to fit (and Emscripten's GLFW has no window frame to measure).
void glfwGetMonitorWorkarea(GLFWmonitor*, int* xpos, int* ypos, int* width, int* height) {
  for (int* value : {xpos, ypos, width, height})
    if (value) *value = 0;
}

void glfwGetWindowContentScale(GLFWwindow*, float* xscale, float* yscale) {
  if (xscale) *xscale = 1.0f;
  if (yscale) *yscale = 1.0f;
}

GLFWwindowcontentscalefun glfwSetWindowContentScaleCallback(GLFWwindow*, GLFWwindowcontentscalefun) {
  return nullptr;
}

}  // extern "C"
