// volatile-sync in OpenCL C: spin-waits on and publishing stores to volatile
// __global / __local words, in OpenCL's words, with atomic_*_explicit fixes.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --opencl-device pocl-cpu %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'

// Producer and consumer in separate kernels: the parameter name is the flag.
__kernel void consume(volatile __global int *flag, __global const int *data, __global int *out)
{
	// CHECK: volatile-sync.cl:[[@LINE+1]]:9: warning: spin-wait on volatile __global '*flag': volatile reads neither synchronize work-items nor order memory, use atomic_load_explicit with memory_order_acquire [volatile-sync]
	while (*flag == 0)
		;
	// CHECK: fix-it:"{{.*}}volatile-sync.cl":{[[@LINE-2]]:9-[[@LINE-2]]:14}:"atomic_load_explicit((volatile __global atomic_int *)flag, memory_order_acquire, memory_scope_device)"
	out[get_global_id(0)] = data[0];
}

__kernel void produce(volatile __global int *flag, __global int *data)
{
	data[0] = 42;
	*flag = 1;
	// CHECK: volatile-sync.cl:[[@LINE-1]]:2: warning: store to volatile __global '*flag', which another work-item polls, publishes nothing: volatile writes are not ordered, use atomic_store_explicit with memory_order_release [volatile-sync]
	// CHECK: volatile-sync.cl:10:9: note: '*flag' is polled here
	// CHECK: fix-it:"{{.*}}volatile-sync.cl":{[[@LINE-3]]:2-[[@LINE-3]]:11}:"atomic_store_explicit((volatile __global atomic_int *)flag, 1, memory_order_release, memory_scope_device)"
}

// A __local flag: work-group scope.
__kernel void in_group(__global uint *out)
{
	volatile __local uint ready;
	__local uint value;
	if (get_local_id(0) == 0) {
		value = 7;
		ready = 1u;
		// CHECK: volatile-sync.cl:[[@LINE-1]]:3: warning: store to volatile __local 'ready', which another work-item polls, publishes nothing: volatile writes are not ordered, use atomic_store_explicit with memory_order_release [volatile-sync]
		// CHECK: volatile-sync.cl:[[@LINE+4]]:10: note: 'ready' is polled here
		// CHECK: fix-it:"{{.*}}volatile-sync.cl":{[[@LINE-3]]:3-[[@LINE-3]]:13}:"atomic_store_explicit((volatile __local atomic_uint *)&ready, 1u, memory_order_release, memory_scope_work_group)"
	} else {
		// CHECK: volatile-sync.cl:[[@LINE+1]]:10: warning: spin-wait on volatile __local 'ready': volatile reads neither synchronize work-items nor order memory, use atomic_load_explicit with memory_order_acquire [volatile-sync]
		while (ready == 0u)
			;
		// CHECK: fix-it:"{{.*}}volatile-sync.cl":{[[@LINE-2]]:10-[[@LINE-2]]:15}:"atomic_load_explicit((volatile __local atomic_uint *)&ready, memory_order_acquire, memory_scope_work_group)"
	}
	out[get_global_id(0)] = value;
}

// An element of a flag array, and a float word.
__kernel void slots(volatile __global float *slot, __global float *out)
{
	size_t g = get_group_id(0);
	// CHECK: volatile-sync.cl:[[@LINE+1]]:9: warning: spin-wait on volatile __global 'slot[g]': volatile reads neither synchronize work-items nor order memory, use atomic_load_explicit with memory_order_acquire [volatile-sync]
	while (slot[g] == 0.0f)
		;
	// CHECK: fix-it:"{{.*}}volatile-sync.cl":{[[@LINE-2]]:9-[[@LINE-2]]:16}:"atomic_load_explicit((volatile __global atomic_float *)&slot[g], memory_order_acquire, memory_scope_device)"
	out[g] = slot[g];
}

// Near misses: no finding.
__kernel void read_once(volatile __global int *status, __global int *out)
{
	out[0] = *status;		/* a single read, not a spin-wait */
	for (int i = 0; i < 4; i++)	/* a loop whose condition is not the flag */
		out[i] = *status;
}

__kernel void store_unpolled(volatile __global int *counter_mirror)
{
	*counter_mirror = 3;		/* nothing polls counter_mirror */
}

__kernel void plain_loop(__global int *word, __global int *out)
{
	while (*word == 0)		/* not volatile: another check's business */
		*word = 1;
	out[0] = *word;
}
