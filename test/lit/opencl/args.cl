// opencl-atomic-args: orders and scopes OpenCL C's explicit atomics cannot have.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[opencl-atomic-args]' --implicit-check-not='fix-it:'
// A profile without fine-grained SVM (clinfo --json shaped) also gets the all_svm_devices finding.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-args' --opencl-device %S/Inputs/nosvm.json %s 2>&1 | FileCheck %s --check-prefixes=CHECK,SVM --implicit-check-not='[opencl-atomic-args]' --implicit-check-not='fix-it:'

__kernel void k(__global atomic_int *a, __global int *out, __global atomic_flag *fl)
{
	int v = atomic_load_explicit(a, memory_order_release, memory_scope_device);
	// CHECK: args.cl:[[@LINE-1]]:34: error: 'atomic_load_explicit' with memory_order_release: a load cannot release, so the order is invalid for the operation (undefined behaviour) [opencl-atomic-args]
	v += atomic_load_explicit(a, memory_order_acq_rel, memory_scope_device);
	// CHECK: args.cl:[[@LINE-1]]:31: error: 'atomic_load_explicit' with memory_order_acq_rel: a load cannot release, so the order is invalid for the operation (undefined behaviour) [opencl-atomic-args]
	// CHECK: fix-it:"{{.*}}args.cl":{[[@LINE-2]]:31-[[@LINE-2]]:51}:"memory_order_acquire"
	atomic_store_explicit(a, 1, memory_order_acquire, memory_scope_device);
	// CHECK: args.cl:[[@LINE-1]]:30: error: 'atomic_store_explicit' with memory_order_acquire: a store cannot acquire, so the order is invalid for the operation (undefined behaviour) [opencl-atomic-args]
	atomic_store_explicit(a, 1, memory_order_acq_rel);
	// CHECK: args.cl:[[@LINE-1]]:30: error: 'atomic_store_explicit' with memory_order_acq_rel: a store cannot acquire, so the order is invalid for the operation (undefined behaviour) [opencl-atomic-args]
	// CHECK: fix-it:"{{.*}}args.cl":{[[@LINE-2]]:30-[[@LINE-2]]:50}:"memory_order_release"
	int e = 0;
	atomic_compare_exchange_strong_explicit(a, &e, 1, memory_order_acquire, memory_order_seq_cst, memory_scope_device);
	// CHECK: args.cl:[[@LINE-1]]:74: error: 'atomic_compare_exchange_strong_explicit' with failure order memory_order_seq_cst, stronger than the success order memory_order_acquire (undefined behaviour): the failure order may be at most the success order's load side [opencl-atomic-args]
	atomic_compare_exchange_weak_explicit(a, &e, 1, memory_order_acq_rel, memory_order_release, memory_scope_device);
	// CHECK: args.cl:[[@LINE-1]]:72: error: 'atomic_compare_exchange_weak_explicit' with failure order memory_order_release: the failure path only loads, so it cannot release (undefined behaviour) [opencl-atomic-args]
	atomic_fetch_add_explicit(a, 1, memory_order_relaxed, memory_scope_work_item);
	// CHECK: args.cl:[[@LINE-1]]:56: error: 'atomic_fetch_add_explicit' with memory_scope_work_item: that scope is for atomic_work_item_fence only, an atomic operation at it is invalid [opencl-atomic-args]
	atomic_fetch_add_explicit(a, 1, memory_order_relaxed, memory_scope_all_svm_devices);
	// SVM: args.cl:[[@LINE-1]]:56: error: 'atomic_fetch_add_explicit' with memory_scope_all_svm_devices needs fine-grained SVM, which device profile 'nosvm' lacks [opencl-atomic-args]
	atomic_flag_clear_explicit(fl, memory_order_acquire, memory_scope_device);
	// CHECK: args.cl:[[@LINE-1]]:33: error: 'atomic_flag_clear_explicit' with memory_order_acquire: a store cannot acquire, so the order is invalid for the operation (undefined behaviour) [opencl-atomic-args]
	/* fine */
	v += atomic_load_explicit(a, memory_order_acquire, memory_scope_device);
	atomic_store_explicit(a, 1, memory_order_release, memory_scope_work_group);
	atomic_compare_exchange_strong_explicit(a, &e, 1, memory_order_acq_rel, memory_order_acquire, memory_scope_device);
	atomic_compare_exchange_strong_explicit(a, &e, 1, memory_order_seq_cst, memory_order_relaxed, memory_scope_device);
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_item);
	out[0] = v;
}
