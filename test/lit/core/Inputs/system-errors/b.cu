// b
#include <vendor.h>
__global__ void kb(volatile int *p) { while (!*p) {} }
