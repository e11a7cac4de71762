// opencl-atomic-type: plain reads of atomic objects, which clang accepts
// and OpenCL C does not define; fix: the load C11 gives the read, seq_cst at
// device scope, as atomic_load_explicit(p, memory_order_seq_cst, memory_scope_device).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-type' %s 2>&1 | FileCheck %s --implicit-check-not='[opencl-atomic-type]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// A profile without seq_cst and device scope: no fix (arch-unsupported would report it).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-type' --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=MIN --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-type' --opencl-device gpu --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=MIN --implicit-check-not='fix-it:'
// And the fixed file has no finding and compiles.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-type' --fix %t/t.cl > /dev/null 2>&1
// RUN: %cuatomlint %t/t.cl
// RUN: %cuatomlint --opencl-device gpu --opencl-device pocl-cpu %t/t.cl
// RUN: %cuatomlint --opencl-std CL2.0 %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

__kernel void reads(__global atomic_int *count, __local atomic_uint *slots, __global int *out)
{
	int seen = *count;
	// CHECK: atomic-type.cl:[[@LINE-1]]:13: warning: plain read of atomic object '*count': OpenCL C has no operators on atomic types and does not define this load; use atomic_load or atomic_load_explicit [opencl-atomic-type]
	// CHECK: fix-it:"{{.*}}atomic-type.cl":{[[@LINE-2]]:13-[[@LINE-2]]:19}:"atomic_load_explicit(count, memory_order_seq_cst, memory_scope_device)"
	// MIN: atomic-type.cl:[[@LINE-3]]:13: note: no fix: seq_cst at device scope (what C11 gives it) needs __opencl_c_atomic_order_seq_cst and __opencl_c_atomic_scope_device, which a device profile lacks (a weaker order or scope would change the meaning: write the atomic_*_explicit call you mean)
	out[0] = seen + (int)slots[get_local_id(0)];
	// CHECK: atomic-type.cl:[[@LINE-1]]:23: warning: plain read of atomic object 'slots[get_local_id(0)]': OpenCL C has no operators on atomic types and does not define this load; use atomic_load or atomic_load_explicit [opencl-atomic-type]
	// CHECK: fix-it:"{{.*}}atomic-type.cl":{[[@LINE-2]]:23-[[@LINE-2]]:45}:"atomic_load_explicit(&slots[get_local_id(0)], memory_order_seq_cst, memory_scope_device)"

	/* near misses: the atomic functions, the object's address, sizeof */
	out[1] = atomic_load_explicit(count, memory_order_relaxed, memory_scope_device);
	atomic_fetch_add(count, 1);
	__global atomic_int *again = &*count;
	out[2] = (int)sizeof(*count) + (again != 0);
}
