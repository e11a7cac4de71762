#ifndef __CUDACC__
# error "A C or C++ compiler has been selected for CUDA"
#endif
int main(void) { return 0; }
