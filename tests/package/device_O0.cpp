// A kernel and an unannotated callee, compiled for the device only at -O0, with and without -g
// (package.tessera++-cuda-device-O0): the plugin optimises -O0 device code unless it is debugged.
int twice(int x) { return 2 * x; }

__global__ void doubled(int* p) { p[0] = twice(p[0]); }
