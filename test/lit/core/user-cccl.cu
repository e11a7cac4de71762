// A project that brings its own CCCL gets it, as with nvcc: the toolkit's
// include/cccl comes after the user's -I and -isystem folders.
// REQUIRES: cuda-toolkit
// RUN: %expect-exit 0 %cuatomlint --cuda-arch=sm_90 %s -- -isystem %S/Inputs/user-cccl | count 0
// RUN: %expect-exit 0 %cuatomlint --cuda-arch=sm_90 %s -- -I%S/Inputs/user-cccl | count 0
// An arch clang thinks the toolkit dropped is still parsed (nvcc 13 cannot
// build for sm_35, but the user asked to judge code for it).
// RUN: %expect-exit 0 %cuatomlint --cuda-arch=sm_35 %s -- -I%S/Inputs/user-cccl | count 0
#include <cuda/atomic>
#ifndef USER_CCCL_FOUND
#error "the toolkit's CCCL was found before the user's"
#endif
__global__ void k(int *p) { atomicAdd(p, 1); }
