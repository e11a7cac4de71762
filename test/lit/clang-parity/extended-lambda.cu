// --extended-lambda defines __CUDACC_EXTENDED_LAMBDA__, and then CCCL asks
// nvcc's extended-lambda type traits (__nv_is_extended_device_lambda_closure_type
// and two more) in static_asserts, which clang does not know ("'_Fp' does
// not refer to a value" in cuda/std/__functional/invoke.h, from any file
// that includes <cooperative_groups.h>).  The prelude answers them: clang has
// no extended lambdas.  (The asserts are in host code: --host-parses.)
// REQUIRES: cuda-toolkit
// RUN: %expect-exit 0 %cuatomlint --host-parses --cuda-arch=sm_75,sm_90 %s -- --extended-lambda | count 0
// RUN: %expect-exit 0 %cuatomlint --host-parses --cuda-arch=sm_90 %s -- --expt-extended-lambda -std=c++17 | count 0
#include <cooperative_groups.h>
#include <cuda/std/functional>

__global__ void k(int *p)
{
  auto f = [] __device__(int x) { return x + 1; };
  *p = cuda::std::invoke(f, 1);
}
