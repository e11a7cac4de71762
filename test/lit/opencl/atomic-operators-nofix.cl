// opencl-atomic-type: operators on atomic objects where no fix keeps the
// meaning, and the atomic types OpenCL C does not have (clang's errors,
// restated).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-type' %s 2>&1 | FileCheck %s --implicit-check-not='[opencl-atomic-type]' --implicit-check-not='fix-it:' --implicit-check-not='clang-diagnostic-error'

__kernel void nofix(__global atomic_int *c, __global int *out)
{
	out[0] = (*c)++;
	// CHECK: atomic-operators-nofix.cl:[[@LINE-1]]:11: error: '++' on atomic object '*c': {{.*}} [opencl-atomic-type]
	// CHECK: note: no fix: the expression's value is used
	c[1] *= 2;
	// CHECK: atomic-operators-nofix.cl:[[@LINE-1]]:2: error: '*=' on atomic object 'c[1]': OpenCL C has no operators on atomic types, all operations on them are the atomic functions [opencl-atomic-type]
	// CHECK: note: no fix: OpenCL C has no atomic function for this operator
	atomic_bool done;
	// CHECK: atomic-operators-nofix.cl:[[@LINE-1]]:2: error: 'atomic_bool' is not an OpenCL C atomic type: OpenCL C has atomic_int, atomic_uint, atomic_long, atomic_ulong, atomic_float, atomic_double, atomic_intptr_t, atomic_uintptr_t, atomic_size_t, atomic_ptrdiff_t and atomic_flag [opencl-atomic-type]
}

void decl(_Atomic int *p);
// CHECK: atomic-operators-nofix.cl:[[@LINE-1]]:11: error: OpenCL C has no '_Atomic' specifier or qualifier: atomic objects have the atomic_* types {{.*}} [opencl-atomic-type]

void decl_bool(__global _Atomic(bool) *p);
// CHECK: atomic-operators-nofix.cl:[[@LINE-1]]:25: error: OpenCL C has no '_Atomic' specifier or qualifier: atomic objects have the atomic_* types {{.*}} [opencl-atomic-type]
