// opencl-atomic-args: a min/max operand whose implicit conversion to the
// object's value type changes its signedness, so that it compares as another
// value (a warning: the comparison is defined, just not the one written).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[opencl-atomic-args]' --implicit-check-not='fix-it:'
// The 1.x functions on CL1.2 too.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-args' --opencl-std CL1.2 %s -- -DCL12 2>&1 | FileCheck %s --check-prefix=CL12 --implicit-check-not='[opencl-atomic-args]'

#ifndef CL12
__kernel void k(__global atomic_uint *u, __global atomic_int *a, __global atomic_uintptr_t *up,
		__global atomic_intptr_t *ip, __global atomic_ulong *ul, __global long *in,
		int v, uint w, ushort hs, char ch, ulong lv)
{
	intptr_t iv = in[0];
	uintptr_t uv = (uintptr_t)in[1];
	atomic_fetch_min(u, v);
	// CHECK: args-operand.cl:[[@LINE-1]]:22: warning: 'atomic_fetch_min' with operand 'v' of type 'int' on an object of type 'atomic_uint': min/max compare in the object's value type, so a negative operand compares as a large unsigned value; cast the operand or change the object's type to say which comparison is meant [opencl-atomic-args]
	atomic_fetch_max_explicit(u, -1, memory_order_relaxed, memory_scope_device);
	// CHECK: args-operand.cl:[[@LINE-1]]:31: warning: 'atomic_fetch_max_explicit' with operand '-1' of type 'int' on an object of type 'atomic_uint': {{.*}} a negative operand compares as a large unsigned value;{{.*}} [opencl-atomic-args]
	atomic_fetch_min(a, w);
	// CHECK: args-operand.cl:[[@LINE-1]]:22: warning: 'atomic_fetch_min' with operand 'w' of type 'uint' on an object of type 'atomic_int': min/max compare in the object's value type, so an operand above the signed maximum compares as a negative value; cast the operand or change the object's type to say which comparison is meant [opencl-atomic-args]
	atomic_fetch_max(a, 0x80000000u);
	// CHECK: args-operand.cl:[[@LINE-1]]:22: warning: 'atomic_fetch_max' with operand '0x80000000u' of type 'unsigned int' on an object of type 'atomic_int': {{.*}} an operand above the signed maximum compares as a negative value;{{.*}} [opencl-atomic-args]
	/* atomic_uintptr_t: M is intptr_t or uintptr_t (clang's header pairs it with
	   intptr_t); either way the comparison is unsigned, the operand's value (uintptr_t)x */
	atomic_fetch_min(up, v);
	// CHECK: args-operand.cl:[[@LINE-1]]:23: warning: 'atomic_fetch_min' with operand 'v' of type 'int' on an object of type 'atomic_uintptr_t': {{.*}} a negative operand compares as a large unsigned value;{{.*}} [opencl-atomic-args]
	atomic_fetch_min(up, iv);
	// CHECK: args-operand.cl:[[@LINE-1]]:23: warning: 'atomic_fetch_min' with operand 'iv' of type 'intptr_t' on an object of type 'atomic_uintptr_t': {{.*}} a negative operand compares as a large unsigned value;{{.*}} [opencl-atomic-args]
	atomic_fetch_max(ip, uv);
	// CHECK: args-operand.cl:[[@LINE-1]]:23: warning: 'atomic_fetch_max' with operand 'uv' of type 'uintptr_t' on an object of type 'atomic_intptr_t': {{.*}} an operand above the signed maximum compares as a negative value;{{.*}} [opencl-atomic-args]
	atomic_fetch_min(ul, ch);
	// CHECK: args-operand.cl:[[@LINE-1]]:23: warning: 'atomic_fetch_min' with operand 'ch' of type 'char' on an object of type 'atomic_ulong': {{.*}} a negative operand compares as a large unsigned value;{{.*}} [opencl-atomic-args]
	atomic_fetch_max(ip, lv - 1);
	// CHECK: args-operand.cl:[[@LINE-1]]:23: warning: 'atomic_fetch_max' with operand 'lv - 1' of type 'ulong' on an object of type 'atomic_intptr_t': {{.*}} an operand above the signed maximum compares as a negative value;{{.*}} [opencl-atomic-args]
	atomic_fetch_max(up, (long)v);
	// CHECK: args-operand.cl:[[@LINE-1]]:23: warning: 'atomic_fetch_max' with operand '(long)v' of type 'long' on an object of type 'atomic_uintptr_t': {{.*}} a negative operand compares as a large unsigned value;{{.*}} [opencl-atomic-args]
	/* near misses: a constant that keeps its value, an explicit cast, an
	   unsigned operand narrower than a signed object (every value fits),
	   same signedness, a narrowing unsigned operand (get_local_id's size_t:
	   not a signedness matter), add/sub (wrap-around arithmetic: the same
	   bits) and the bitwise keys (the same bits at the object's width) */
	atomic_fetch_min(a, lv);
	atomic_fetch_max(a, get_local_id(0));
	atomic_fetch_min(u, 5);
	atomic_fetch_min(a, 7u);
	atomic_fetch_min(u, (uint)v);
	atomic_fetch_min(u, hs);
	atomic_fetch_max(ip, w);
	atomic_fetch_max(ul, w);
	atomic_fetch_min(up, uv);
	atomic_fetch_min(ip, iv);
	atomic_fetch_add(u, v);
	atomic_fetch_sub(up, iv);
	atomic_fetch_or(up, iv);
	atomic_fetch_and(ip, uv);
	atomic_fetch_min_explicit(u, w, memory_order_relaxed, memory_scope_device);
}
#endif

__kernel void old(__global uint *ou, __global int *oi, __local uint *lu, int v, uint w)
{
	atomic_min(ou, v);
	// CHECK: args-operand.cl:[[@LINE-1]]:17: warning: 'atomic_min' with operand 'v' of type 'int' on an object of type 'uint': {{.*}} a negative operand compares as a large unsigned value;{{.*}} [opencl-atomic-args]
	// CL12: args-operand.cl:[[@LINE-2]]:17: warning: 'atomic_min' with operand 'v'{{.*}} [opencl-atomic-args]
	atom_max(lu, v);
	// CHECK: args-operand.cl:[[@LINE-1]]:15: warning: 'atom_max' with operand 'v' of type 'int' on an object of type 'uint': {{.*}} a negative operand compares as a large unsigned value;{{.*}} [opencl-atomic-args]
	// CL12: args-operand.cl:[[@LINE-2]]:15: warning: 'atom_max' with operand 'v'{{.*}} [opencl-atomic-args]
	atomic_max(oi, w);
	// CHECK: args-operand.cl:[[@LINE-1]]:17: warning: 'atomic_max' with operand 'w' of type 'uint' on an object of type 'int': {{.*}} an operand above the signed maximum compares as a negative value;{{.*}} [opencl-atomic-args]
	// CL12: args-operand.cl:[[@LINE-2]]:17: warning: 'atomic_max' with operand 'w'{{.*}} [opencl-atomic-args]
	/* near misses */
	atomic_min(ou, w);
	atomic_min(oi, v);
	atomic_min(ou, 3);
	atomic_add(ou, v);
}
