// Near misses relaxed-sync must not flag in OpenCL C: relaxed atomics that
// guard only atomic data, and locks and flags already ordered by
// acquire/release orders, seq_cst defaults or fences.
// RUN: %expect-exit 0 %cuatomlint --checks='-*,relaxed-sync' %s 2>&1 | count 0

__kernel void lock_ok(__global atomic_int *lock, __global int *total, int v) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire,
                                                  memory_order_relaxed, memory_scope_device))
    expected = 0;
  *total += v;
  atomic_store_explicit(lock, 0, memory_order_release, memory_scope_device);
}

__kernel void lock_fenced(__global atomic_int *lock, __global int *total, int v) {
  while (atomic_exchange_explicit(lock, 1, memory_order_relaxed, memory_scope_device))
    ;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  *total += v;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  atomic_store_explicit(lock, 0, memory_order_relaxed, memory_scope_device);
}

__kernel void lock_seq_cst(__global atomic_int *lock, __global int *total, int v) {
  while (atomic_exchange(lock, 1))
    ;
  *total += v;
  atomic_store(lock, 0);
}

// The critical section only updates atomics: relaxed is right.
__kernel void lock_atomic_only(__global atomic_int *lock, __global atomic_int *total, int v) {
  while (atomic_exchange_explicit(lock, 1, memory_order_relaxed, memory_scope_device))
    ;
  atomic_fetch_add_explicit(total, v, memory_order_relaxed, memory_scope_device);
  atomic_store_explicit(lock, 0, memory_order_relaxed, memory_scope_device);
}

// The 1.x lock with mem_fence on both sides.
__kernel void lock_1x_fenced(volatile __global int *lock, __global int *total, int v) {
  while (atomic_cmpxchg(lock, 0, 1) != 0)
    ;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  *total += v;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  atomic_xchg(lock, 0);
}

// A histogram: relaxed updates nobody polls.
__kernel void histogram(__global const int *in, __global atomic_uint *bins) {
  atomic_fetch_add_explicit(&bins[in[get_global_id(0)] & 255], 1u, memory_order_relaxed,
                            memory_scope_device);
}

// A relaxed poll of a counter; what follows is read atomically.
__kernel void counter(__global atomic_uint *arrived, __global atomic_uint *sum,
                      __global uint *out) {
  atomic_fetch_add_explicit(sum, 3u, memory_order_relaxed, memory_scope_device);
  atomic_fetch_add_explicit(arrived, 1u, memory_order_relaxed, memory_scope_device);
  while (atomic_load_explicit(arrived, memory_order_relaxed, memory_scope_device) <
         get_num_groups(0))
    ;
  if (get_global_id(0) == 0)
    atomic_store_explicit((__global atomic_uint *)out,
                          atomic_load_explicit(sum, memory_order_relaxed, memory_scope_device),
                          memory_order_relaxed, memory_scope_device);
}

// Message passing with acquire and release.
__kernel void mp_ok(__global int *data, __global atomic_int *flag, __global int *out) {
  if (get_global_id(0) == 0) {
    data[0] = 42;
    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
  } else if (get_global_id(0) == 1) {
    while (atomic_load_explicit(flag, memory_order_acquire, memory_scope_device) == 0)
      ;
    out[0] = data[0];
  }
}
