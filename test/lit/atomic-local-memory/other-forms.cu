// RUN: %expect-exit 1 %cuatomlint --checks='-*,atomic-local-memory' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[atomic-local-memory]'
// RUN: %expect-exit 1 %builtin --checks='-*,atomic-local-memory' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[atomic-local-memory]'
// __nv_atomic_* builtins, cuda::atomic_ref and inline PTX atom/red on thread-local memory.
#include <cuda/atomic>

__global__ void nv_builtins(unsigned *out, unsigned v) {
  unsigned total = 0;
  __nv_atomic_fetch_add(&total, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: other-forms.cu:[[@LINE-1]]:3: warning: '__nv_atomic_fetch_add' on thread-local variable 'total': each thread has its own copy, and atomics on local memory are undefined in PTX [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}other-forms.cu":{[[@LINE-2]]:3-[[@LINE-2]]:82}:"total += v"
  __nv_atomic_or(&total, 8u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  // CHECK: other-forms.cu:[[@LINE-1]]:3: warning: '__nv_atomic_or' on thread-local variable 'total': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}other-forms.cu":{[[@LINE-2]]:3-[[@LINE-2]]:75}:"total |= 8u"
  __nv_atomic_store_n(&total, 3u, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: other-forms.cu:[[@LINE-1]]:3: warning: '__nv_atomic_store_n' on thread-local variable 'total': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}other-forms.cu":{[[@LINE-2]]:3-[[@LINE-2]]:81}:"total = 3u"
  unsigned seen = __nv_atomic_load_n(&total, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: other-forms.cu:[[@LINE-1]]:19: warning: '__nv_atomic_load_n' on thread-local variable 'total': {{.*}} [atomic-local-memory]
  // CHECK: note: 'total' is private to each thread; it was probably meant to be __shared__
  // CHECK-NOT: fix-it
  *out = total + seen;
}

__global__ void atomic_refs(int *out, int *shared_in_name_only) {
  int counter = 0;
  cuda::atomic_ref<int, cuda::thread_scope_block> ref(counter);
  // CHECK: other-forms.cu:[[@LINE-1]]:51: warning: 'cuda::atomic_ref' on thread-local variable 'counter': {{.*}} [atomic-local-memory]
  // CHECK: other-forms.cu:[[@LINE-3]]:7: note: 'counter' is private to each thread; it was probably meant to be __shared__
  ref.fetch_add(1, cuda::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_device>{counter}.fetch_add(2);
  // CHECK: other-forms.cu:[[@LINE-1]]:3: warning: 'cuda::atomic_ref' on thread-local variable 'counter': {{.*}} [atomic-local-memory]
  int pair[2] = {0, 0};
  int *p = pair;
  cuda::atomic_ref<int> second(p[1]);
  // CHECK: other-forms.cu:[[@LINE-1]]:25: warning: 'cuda::atomic_ref' on thread-local variable 'pair' through pointer 'p': {{.*}} [atomic-local-memory]
  cuda::atomic_ref<int> copy = second;	// copying a ref binds nothing new
  cuda::atomic_ref<int> global(*shared_in_name_only);
  *out = counter + second.load() + copy.load() + global.load();
}

__device__ void ptx(unsigned *param, unsigned v) {
  unsigned hits = 0, old;
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], %1;" :: "l"(&hits), "r"(v) : "memory");
  // CHECK: other-forms.cu:[[@LINE-1]]:3: warning: inline PTX 'red.relaxed.gpu.global.add.u32' on thread-local variable 'hits': {{.*}} [atomic-local-memory]
  // CHECK: note: 'hits' is private to each thread; it was probably meant to be __shared__
  // CHECK-NOT: fix-it
  asm volatile("atom.add.u32 %0, [%1+4], %2;" : "=r"(old) : "l"(&hits), "r"(v));
  // CHECK: other-forms.cu:[[@LINE-1]]:3: warning: inline PTX 'atom.add.u32' on thread-local variable 'hits': {{.*}} [atomic-local-memory]
  asm volatile("{\n\t.reg .u32 t;\n\t@%p2 atom.global.exch.b32 t, [%[addr]], %[val];\n}"
               :: [val] "r"(v), [addr] "l"(&hits), "n"(1));
  // CHECK: other-forms.cu:[[@LINE-2]]:3: warning: inline PTX 'atom.global.exch.b32' on thread-local variable 'hits': {{.*}} [atomic-local-memory]
  // Negative: other operands, other instructions, other memory.
  asm volatile("atom.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(param), "r"(v));
  asm volatile("red.add.u32 [%0], %1;" :: "l"(param), "r"(hits));
  asm volatile("st.u32 [%0], %1;" :: "l"(&hits), "r"(v));
  asm volatile("barrier.red.popc.u32 %0, 0, 1;" : "=r"(old));
  // "red.add.u32 [%0], %1;" in a comment is not code.
  *param = hits + old;
}

// The Programming Guide's own example of what the builtins cannot do, and a
// lambda capturing a local by reference.
__device__ void guide_example() {
  int a = 1; // defined in local memory
  int b;
  __nv_atomic_load(&a, &b, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
  // CHECK: other-forms.cu:[[@LINE-1]]:3: warning: '__nv_atomic_load' on thread-local variable 'a': {{.*}} [atomic-local-memory]
  // CHECK: note: 'a' is private to each thread; it was probably meant to be __shared__
  // CHECK-NOT: fix-it
  auto bump = [&](int v) { atomicAdd(&a, v); };
  // CHECK: other-forms.cu:[[@LINE-1]]:28: warning: 'atomicAdd' on thread-local variable 'a': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}other-forms.cu":{[[@LINE-2]]:28-[[@LINE-2]]:44}:"a += v"
  bump(b);
}

// An asm statement in a macro definition: reported at the macro's use.
#define RED_ADD(p, v) asm volatile("red.global.add.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory")
__device__ void ptx_macro(unsigned *g) {
  unsigned x = 0;
  RED_ADD(&x, 1u);
  // CHECK: other-forms.cu:[[@LINE-1]]:3: warning: inline PTX 'red.global.add.u32' on thread-local variable 'x': {{.*}} [atomic-local-memory]
  RED_ADD(g, 1u);
  *g = x;
}
