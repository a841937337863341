// Emscripten's GLFW is 3.2: the few GLFW 3.3 calls the window code makes are declared here and
// answered by the page (app/platform/web/glfw_page.cpp).
#pragma once
#include_next <GLFW/glfw3.h>

#ifndef GLFW_SCALE_TO_MONITOR
#define GLFW_SCALE_TO_MONITOR 0x0002200C
#endif

#ifdef __cplusplus
extern "C" {
#endif
typedef void (*GLFWwindowcontentscalefun)(GLFWwindow*, float, float);
void glfwGetMonitorWorkarea(GLFWmonitor* monitor, int* xpos, int* ypos, int* width, int* height);
void glfwGetWindowContentScale(GLFWwindow* window, float* xscale, float* yscale);
GLFWwindowcontentscalefun glfwSetWindowContentScaleCallback(GLFWwindow* window, GLFWwindowcontentscalefun callback);
#ifdef __cplusplus
}
#endif
