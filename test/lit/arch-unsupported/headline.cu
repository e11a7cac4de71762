// A call one target lacks (an error) and another target gets emulated (a
// note) is one finding: the error heads it, the emulation is its note.
// CUDA 13's headers declare atomicAdd(__nv_bfloat16*) from sm_70 and
// emulate it with a CAS loop below sm_80: on sm_52 the call does not
// compile, on sm_75 it runs emulated, on sm_90 natively.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_75,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_75,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
#include <cuda_bf16.h>

__global__ void add(__nv_bfloat16 *b, __nv_bfloat162 *b2) {
  atomicAdd(b, *b);
  // CHECK: headline.cu:[[@LINE-1]]:3: error: atomicAdd(__nv_bfloat16*) needs sm_70; the build targets sm_52 [arch-unsupported]
  // CHECK: headline.cu:[[@LINE-2]]:3: note: atomicAdd(__nv_bfloat16*) is emulated with a CAS loop by the CUDA 13 headers on sm_75 (native from sm_80){{$}}
  // CHECK: fix-it:"{{.*}}headline.cu":{{.*}}"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_bf16\n{{.*}}__CUDA_ARCH__ < 800{{.*}}"
  // CHECK: fix-it:"{{.*}}headline.cu":{[[@LINE-4]]:3-[[@LINE-4]]:12}:"cuatomlint_atomicAdd_bf16"
  // Only emulated (no target lacks it): a note of its own.
  atomicAdd(b2, *b2);
  // CHECK: headline.cu:[[@LINE-1]]:3: note: atomicAdd(__nv_bfloat162*) is emulated with a CAS loop by the CUDA 13 headers on sm_52, sm_75 (native from sm_80) [arch-unsupported]
}
