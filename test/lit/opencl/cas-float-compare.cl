// cas-float-compare for OpenCL C: CAS retry loops (atomic_cmpxchg, atom_cmpxchg,
// atomic_compare_exchange_*) that compare floats; fix: compare the bits with as_uint / as_ulong.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,cas-float-compare' %s 2>&1 | FileCheck %s --implicit-check-not='[cas-float-compare]' --implicit-check-not='fix-it:'
// The fixed file has no finding and compiles.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,cas-float-compare' --fix %t/t.cl > /dev/null 2>&1
// RUN: %cuatomlint --checks='-*,cas-float-compare' %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only -Werror -DCL12 %t/t.cl

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

float add_float(volatile __global int *p, float v)
{
	float old = as_float(*p), assumed;
	do {
		assumed = old;
		old = as_float(atomic_cmpxchg(p, as_int(assumed), as_int(assumed + v)));
	} while (assumed != old);
	// CHECK: cas-float-compare.cl:[[@LINE-1]]:11: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
	// CHECK: fix-it:"{{.*}}cas-float-compare.cl":{[[@LINE-2]]:11-[[@LINE-2]]:18}:"as_uint(assumed)"
	// CHECK: fix-it:"{{.*}}cas-float-compare.cl":{[[@LINE-3]]:22-[[@LINE-3]]:25}:"as_uint(old)"
	return old;
}

/* the 1.0 name, unsigned words, and an exit 'if' comparing the CAS result */
void max_float(volatile __global uint *p, float v)
{
	uint cur = *p;
	while (v > as_float(cur)) {
		uint seen = atom_cmpxchg(p, cur, as_uint(v));
		if (as_float(seen) == as_float(cur))
			break;
		// CHECK: cas-float-compare.cl:[[@LINE-2]]:7: warning: CAS loop compares 'float' values with '==' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
		// CHECK: fix-it:"{{.*}}cas-float-compare.cl":{[[@LINE-3]]:7-[[@LINE-3]]:21}:"seen"
		// CHECK: fix-it:"{{.*}}cas-float-compare.cl":{[[@LINE-4]]:25-[[@LINE-4]]:38}:"cur"
		cur = seen;
	}
}

#ifndef CL12
/* OpenCL C 2.0: the expected value comes back through a pointer */
void add_2x(volatile __global atomic_float *p, float v)
{
	float expected = atomic_load_explicit(p, memory_order_relaxed, memory_scope_device), seen;
	do {
		seen = expected;
		atomic_compare_exchange_weak_explicit(p, &expected, seen + v, memory_order_relaxed,
						      memory_order_relaxed, memory_scope_device);
	} while (seen != expected);
	// CHECK: cas-float-compare.cl:[[@LINE-1]]:11: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
	// CHECK: fix-it:"{{.*}}cas-float-compare.cl":{[[@LINE-2]]:11-[[@LINE-2]]:15}:"as_uint(seen)"
	// CHECK: fix-it:"{{.*}}cas-float-compare.cl":{[[@LINE-3]]:19-[[@LINE-3]]:27}:"as_uint(expected)"
}
#endif

/* near misses: integer words compared, and a loop that ends on NaN by an ordered test */
float add_bits(volatile __global int *p, float v)
{
	int old = *p, assumed;
	do {
		assumed = old;
		old = atomic_cmpxchg(p, assumed, as_int(as_float(assumed) + v));
	} while (assumed != old);
	return as_float(old);
}

void min_float(volatile __global int *p, float v)
{
	int cur = *p;
	while (v < as_float(cur) && as_float(cur) != v) {
		int seen = atomic_cmpxchg(p, cur, as_int(v));
		if (seen == cur)
			break;
		cur = seen;
	}
}

__kernel void k(__global int *w, __global uint *u, __global float *out)
{
	out[0] = add_float(w, 1.0f) + add_bits(w + 1, 1.0f);
	max_float(u, out[1]);
	min_float(w + 2, out[2]);
}
