// The program a layer's link check links its library into, whole (CMakeLists.txt, reslab_layer): it
// runs nothing; linking it is the check.
int main() {
  return 0;
}
