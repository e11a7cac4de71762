// opencl-atomic-type: objects declared with C11's '_Atomic(T)' spelling are
// atomic objects: the spelling is reported (OpenCL C has the atomic_* types;
// fix atomic_T), and so are plain reads and operators on the objects.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-type' %s 2>&1 | FileCheck %s --implicit-check-not='[opencl-atomic-type]' --implicit-check-not='fix-it:' --implicit-check-not='clang-diagnostic-error'
// The fixed file has no finding and compiles.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-type' --fix %t/t.cl > /dev/null 2>&1
// RUN: %cuatomlint --checks='-*,opencl-atomic-type' %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t/t.cl

__kernel void tally(__global _Atomic(uint) *counters, __global uint *out)
// CHECK: atomic-type-c11.cl:[[@LINE-1]]:30: error: OpenCL C has no '_Atomic' specifier or qualifier: atomic objects have the atomic_* types (atomic_int, {{.*}}) [opencl-atomic-type]
// CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:30-[[@LINE-2]]:43}:"atomic_uint"
// FIXED: __kernel void tally(__global atomic_uint *counters, __global uint *out)
{
	uint seen = counters[get_global_id(0)];
	// CHECK: atomic-type-c11.cl:[[@LINE-1]]:14: warning: plain read of atomic object 'counters[get_global_id(0)]'{{.*}} [opencl-atomic-type]
	// CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:14-[[@LINE-2]]:40}:"atomic_load_explicit(&counters[get_global_id(0)], memory_order_seq_cst, memory_scope_device)"
	counters[0]++;
	// CHECK: atomic-type-c11.cl:[[@LINE-1]]:2: error: '++' on atomic object 'counters[0]'{{.*}} [opencl-atomic-type]
	// CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:2-[[@LINE-2]]:15}:"atomic_fetch_add_explicit(&counters[0], 1, memory_order_seq_cst, memory_scope_device)"
	out[get_global_id(0)] = seen;
}

__kernel void flags(__global _Atomic(int) *flag, __global int *out)
// CHECK: atomic-type-c11.cl:[[@LINE-1]]:30: error: OpenCL C has no '_Atomic' specifier{{.*}} [opencl-atomic-type]
// CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:30-[[@LINE-2]]:42}:"atomic_int"
{
	flag[1] = 1;
	// CHECK: atomic-type-c11.cl:[[@LINE-1]]:2: error: '=' on atomic object 'flag[1]'{{.*}} [opencl-atomic-type]
	// CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:2-[[@LINE-2]]:13}:"atomic_store_explicit(&flag[1], 1, memory_order_seq_cst, memory_scope_device)"
	/* near misses: the atomic functions on it, plain memory beside it */
	out[0] = atomic_load_explicit(&flag[0], memory_order_acquire, memory_scope_device);
	out[1] += out[0];
}

/* near miss: the OpenCL C spelling */
__kernel void spelled(__global atomic_uint *counters)
{
	atomic_fetch_add_explicit(&counters[0], 1u, memory_order_relaxed, memory_scope_device);
}
