// The browser's GL is WebGL2, OpenGL ES 3.0 to the C++ side: the window code's GL calls are all in it,
// and its shaders are GLSL ES 3.0 (app/gui_context.cpp reads RESLAB_GLSL_VERSION).
#pragma once
#include <GLES3/gl3.h>

#define RESLAB_GLSL_VERSION "#version 300 es"
