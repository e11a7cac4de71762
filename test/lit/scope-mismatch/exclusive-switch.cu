// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// A 'switch' on a template parameter is decided per instantiation, as an
// 'if' is: cases that end in 'break' (or 'return') are code no one
// instantiation runs together.
enum Scope { CTA, CLUSTER, GPU };

// Negatives: block scope for CTA, device scope otherwise; the shared
// instantiation takes the block case, the global one the default.
template <Scope S> __device__ void add_switch(int *p) {
  switch (S) {
  case CTA:
    atomicAdd_block(p, 1);
    break;
  default:
    atomicAdd(p, 1);
    break;
  }
}
template <Scope S> __device__ int add_return(int *p) {
  switch (S) {
  case CTA: {
    int old = atomicAdd_block(p, 1);
    return old;
  }
  case CLUSTER:
  case GPU:
    return atomicAdd(p, 1);
  }
  return 0;
}
__global__ void count(int *out) {
  __shared__ int s;
  add_switch<CTA>(&s);
  add_switch<GPU>(out);
  add_return<CTA>(&s);
  add_return<GPU>(out + 1);
}

// Positive: a case falls through to the device-scope one, so the CTA
// instantiation runs both on one object.
template <Scope S> __device__ void fall_through(int *p) {
  switch (S) {
  case CTA:
    atomicOr_block(p, 1);
    // CHECK: exclusive-switch.cu:[[@LINE-1]]:5: warning: 'atomicOr_block' (block scope) and 'atomicOr' (device scope) update the same object through 'p': they are not atomic with respect to each other [scope-mismatch]
    // CHECK: exclusive-switch.cu:[[@LINE+3]]:5: note: the device-scope update is here
    // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:5-[[@LINE-3]]:19}:"atomicOr"
  default:
    atomicOr(p, 1);
    break;
  }
}
__global__ void fall_kernel(int *out) {
  __shared__ int s;
  fall_through<CTA>(&s);
  fall_through<GPU>(out);
}

// Positive: a switch on a runtime value is no template choice: threads
// of one launch run both cases.
__device__ void runtime_switch(int *p) {
  switch (threadIdx.x & 1) {
  case 0:
    atomicAnd_block(p, 1);
    // CHECK: exclusive-switch.cu:[[@LINE-1]]:5: warning: 'atomicAnd_block' (block scope) and 'atomicAnd' (device scope) update the same object through 'p': they are not atomic with respect to each other [scope-mismatch]
    // CHECK: exclusive-switch.cu:[[@LINE+3]]:5: note: the device-scope update is here
    // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:5-[[@LINE-3]]:20}:"atomicAnd"
  default:
    atomicAnd(p, 1);
    break;
  }
}

// Positive: the instantiation for global memory takes the block case.
template <Scope S> __device__ void pick(int *p) {
  switch (S) {
  case CTA:
    atomicXor_block(p, 1);
    // CHECK: exclusive-switch.cu:[[@LINE-1]]:5: warning: 'atomicXor_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
    // CHECK: exclusive-switch.cu:[[@LINE+8]]:41: note: 'p' gets global memory from 'out' at this call
    // CHECK: exclusive-switch.cu:[[@LINE+7]]:34: note: 'out' is a parameter of kernel 'pick_kernel': it points to global memory
    // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:5-[[@LINE-4]]:20}:"atomicXor"
    break;
  default:
    atomicXor(p, 1);
  }
}
__global__ void pick_kernel(int *out) { pick<CTA>(out); }
