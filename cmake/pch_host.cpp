// The one source of a target that only compiles precompiled headers for the layers to share
// (CMakeLists.txt, reslab_pch).
