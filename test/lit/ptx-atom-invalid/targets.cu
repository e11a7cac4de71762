// The same file linted for sm_52,sm_90 and for sm_90 alone: qualifiers
// sm_52 lacks are findings only in the first run, and code that the
// preprocessor keeps for sm_90 only is not judged for sm_52.
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --check-prefixes=CHECK,SM52 --implicit-check-not='[ptx-atom-invalid]'
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --check-prefixes=CHECK,SM52 --implicit-check-not='[ptx-atom-invalid]'
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_61,sm_90 %s 2>&1 | FileCheck %s --check-prefixes=CHECK,THREE --implicit-check-not='[ptx-atom-invalid]'

__device__ unsigned acquire_add(unsigned *p) {
  unsigned old;
  asm volatile("atom.acquire.gpu.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(p));
  // SM52: targets.cu:[[@LINE-1]]:21: error: '.acquire' in atom needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
  // SM52: targets.cu:[[@LINE-2]]:29: note: '.gpu' in atom needs sm_60 (PTX .scope qualifier); the build targets sm_52
  // THREE: targets.cu:[[@LINE-3]]:21: error: '.acquire' in atom needs sm_70 (PTX .sem qualifier); the build targets sm_52, sm_61 [ptx-atom-invalid]
  // THREE: targets.cu:[[@LINE-4]]:29: note: '.gpu' in atom needs sm_60 (PTX .scope qualifier); the build targets sm_52
  return old;
}

__device__ void cas128(unsigned long long *p) {
  asm volatile("atom.global.cas.b128 %0, [%1], %0, %0;" : "+l"(p) : "l"(p));
  // SM52: targets.cu:[[@LINE-1]]:32: error: '.b128' in atom needs sm_90 (PTX .b128 atom); the build targets sm_52 [ptx-atom-invalid]
  // THREE: targets.cu:[[@LINE-2]]:32: error: '.b128' in atom needs sm_90 (PTX .b128 atom); the build targets sm_52, sm_61 [ptx-atom-invalid]
}

// A note for targets where shared-memory atomics race with plain stores.
__device__ unsigned shared_counter(unsigned s) {
  unsigned old;
  asm volatile("atom.shared.add.u32 %0, [%1], 1;" : "=r"(old) : "r"(s));
  // SM52: targets.cu:[[@LINE-1]]:21: note: '.shared' atom is not atomic with respect to plain stores to the same address before sm_70 (separate them with a barrier, or store with atom.exch); the build targets sm_52 [ptx-atom-invalid]
  // THREE: targets.cu:[[@LINE-2]]:21: note: '.shared' atom is not atomic with respect to plain stores to the same address before sm_70 (separate them with a barrier, or store with atom.exch); the build targets sm_52, sm_61 [ptx-atom-invalid]
  return old;
}

// An invalid combination is wrong on every target: found in every run.
__device__ void always_wrong(unsigned *p) {
  asm volatile("red.global.inc.s32 [%0], 1;" :: "l"(p));
  // CHECK: targets.cu:[[@LINE-1]]:31: error: '.s32' is not valid with '.inc': .inc and .dec take .u32 only [ptx-atom-invalid]
}

// Negative for sm_52: preprocessed away there.
__device__ void guarded(float *f, unsigned short *h) {
#if __CUDA_ARCH__ >= 900
  float a, b;
  asm volatile("atom.global.v2.f32.add {%0, %1}, [%2], {%3, %4};"
               : "=f"(a), "=f"(b) : "l"(f), "f"(1.0f), "f"(2.0f));
  asm volatile("red.global.add.noftz.bf16 [%0], %1;" :: "l"(h), "h"(*h));
#else
  asm volatile("red.global.add.f32 [%0], %1;" :: "l"(f), "f"(1.0f));
#endif
}
