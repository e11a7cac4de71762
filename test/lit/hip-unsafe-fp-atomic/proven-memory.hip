// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-unsafe-fp-atomic' %s -- -munsafe-fp-atomics 2>&1 | FileCheck %s --implicit-check-not='[hip-unsafe-fp-atomic]' --implicit-check-not='fix-it:'
// RUN: cp %s %t.hip && %expect-exit 1 %cuatomlint --checks='-*,hip-unsafe-fp-atomic' --fix %t.hip -- -munsafe-fp-atomics >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t.hip
// The fixed file compiles, and its fixed kernels are CAS loops on gfx90a and
// gfx1100, with and without -munsafe-fp-atomics (HIP 5.2's safeAtomicAdd
// is not, on gfx1100 under the flag); lint it again: the fixed adds are
// not judged.
// RUN: hipcc --offload-arch=gfx90a -c %t.hip -o %t.o && hipcc --offload-arch=gfx1100 -nogpulib -fgpu-rdc -c %t.hip -o %t.o
// RUN: %clangxx -x hip --cuda-device-only -nogpulib --rocm-path=/usr -O2 -S -o - --offload-arch=gfx90a -munsafe-fp-atomics %t.hip | FileCheck %s --check-prefix=CAS
// RUN: %clangxx -x hip --cuda-device-only -nogpulib --rocm-path=/usr -O2 -S -o - --offload-arch=gfx1100 -munsafe-fp-atomics %t.hip | FileCheck %s --check-prefix=CAS
// RUN: %clangxx -x hip --cuda-device-only -nogpulib --rocm-path=/usr -O2 -S -o - --offload-arch=gfx1100 %t.hip | FileCheck %s --check-prefix=CAS
// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-unsafe-fp-atomic' %t.hip -- -munsafe-fp-atomics 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not='[hip-unsafe-fp-atomic]'
//
// hip-unsafe-fp-atomic's fix: where every launch of the kernel in the
// translation unit passes, for the atomic's pointer, memory that only a
// host or fine-grained allocator set, the add becomes a relaxed
// system-scope __hip_atomic_fetch_add.
#include <hip/hip_runtime.h>

__global__ void pinned(float *p, float v) {
  unsafeAtomicAdd(&p[1], v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'unsafeAtomicAdd' on 'float' is undefined on fine-grained or host memory {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: fix-it:"{{.*}}proven-memory.hip":{[[@LINE-2]]:3-[[@LINE-2]]:28}:"__hip_atomic_fetch_add(&p[1], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM)"
  // FIXED: __hip_atomic_fetch_add(&p[1], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
}
// CAS-LABEL: _Z6pinnedPff:
// CAS-NOT: atomic_add_f32
// CAS: cmpswap
// CAS: s_endpgm

__global__ void managed(double *p, double v) {
  atomicAdd(p + 1, v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'atomicAdd' on 'double' is the hardware floating-point atomic of gfx90a under -munsafe-fp-atomics, {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: fix-it:"{{.*}}proven-memory.hip":{[[@LINE-2]]:3-[[@LINE-2]]:22}:"__hip_atomic_fetch_add(p + 1, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM)"
  // FIXED: __hip_atomic_fetch_add(p + 1, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
}
// CAS-LABEL: _Z7managedPdd:
// CAS-NOT: atomic_add_f64
// CAS: cmpswap
// CAS: s_endpgm

__global__ void finegrained(float *p, float v) {
  atomicAdd(p, v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'atomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: fix-it:"{{.*}}proven-memory.hip":{[[@LINE-2]]:3-[[@LINE-2]]:18}:"__hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM)"
}

// Near misses: no fix, the note says why.
// One launch passes device memory (hipMalloc).
__global__ void mixed(float *p, float v) {
  unsafeAtomicAdd(p, v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: note: no automatic fix: nothing proves that this pointer is that memory; where it may be, use __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM)
}
// Its address is taken: launched in ways not seen.
__global__ void by_address(float *p, float v) {
  unsafeAtomicAdd(p, v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: note: no automatic fix: nothing proves
}
// The kernel moves its parameter.
__global__ void moved(float *p, float v) {
  p += threadIdx.x;
  unsafeAtomicAdd(p, v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: note: no automatic fix: nothing proves
}
// The launching function sets the variable again after allocating it.
__global__ void reassigned(float *p, float v) {
  unsafeAtomicAdd(p, v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: note: no automatic fix: nothing proves
}
// Never launched here.
__global__ void unlaunched(float *p, float v) {
  unsafeAtomicAdd(p, v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: note: no automatic fix: nothing proves
}
// hipExtMallocWithFlags without a fine-grained flag is coarse-grained memory.
__global__ void coarse(float *p, float v) {
  unsafeAtomicAdd(p, v);
  // CHECK: proven-memory.hip:[[@LINE-1]]:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
  // CHECK: note: no automatic fix: nothing proves
}
// An already system-scope add is a CAS loop: not judged.
__global__ void system_scope(float *p, float v) {
  __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
}
// AGAIN: .tmp.hip:{{[0-9]+}}:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
// AGAIN: .tmp.hip:{{[0-9]+}}:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
// AGAIN: .tmp.hip:{{[0-9]+}}:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
// AGAIN: .tmp.hip:{{[0-9]+}}:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
// AGAIN: .tmp.hip:{{[0-9]+}}:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]
// AGAIN: .tmp.hip:{{[0-9]+}}:3: warning: 'unsafeAtomicAdd' on 'float' {{.*}} [hip-unsafe-fp-atomic]

int run(float *dev) {
  float *h = nullptr, *f, *g, *c;
  double *m;
  if (hipHostMalloc((void **)&h, 2 * sizeof(float), 0) != hipSuccess ||
      hipMallocManaged(&m, 2 * sizeof(double)) != hipSuccess ||
      hipExtMallocWithFlags((void **)&f, sizeof(float), hipDeviceMallocFinegrained) != hipSuccess ||
      hipHostMalloc((void **)&g, sizeof(float), 0) != hipSuccess ||
      hipExtMallocWithFlags((void **)&c, sizeof(float), 0) != hipSuccess)
    return 1;
  pinned<<<1, 64>>>(h, 1.0f);
  hipLaunchKernelGGL(pinned, dim3(1), dim3(64), 0, 0, h + 0, 2.0f);
  hipLaunchKernelGGL(managed, dim3(1), dim3(64), 0, 0, m, 1.0);
  finegrained<<<1, 64>>>(f, 1.0f);
  mixed<<<1, 64>>>(h, 1.0f);
  mixed<<<1, 64>>>(dev, 1.0f);
  void *k = (void *)by_address;
  by_address<<<1, 64>>>(h, 1.0f);
  moved<<<1, 64>>>(h, 1.0f);
  g = g + 1;
  reassigned<<<1, 64>>>(g, 1.0f);
  coarse<<<1, 64>>>(c, 1.0f);
  system_scope<<<1, 64>>>(h, 1.0f);
  return k == nullptr;
}
