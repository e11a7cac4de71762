// volatile-sync in OpenCL C: an epoch word one work-group bumps in the 'if'
// branch of an if/else whose 'else' branch polls it ('(*epoch)++', '+='), and
// status words a kernel of their own initializes before the kernel that polls
// them is launched (the launch boundary orders that store: no finding).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'

__kernel void epoch_bump(volatile __global int *epoch, __global int *data, __global int *out, int rounds)
{
	int g = (int)get_group_id(0);
	for (int r = 1; r <= rounds; r++) {
		if (g == 0) {
			data[r] = r;
			(*epoch)++;
			// CHECK: volatile-sync-epoch.cl:[[@LINE-1]]:4: warning: store to volatile __global '*epoch', which another work-item polls, publishes nothing: volatile writes are not ordered, use atomic_store_explicit with memory_order_release [volatile-sync]
			// CHECK: volatile-sync-epoch.cl:[[@LINE+4]]:11: note: '*epoch' is polled here
			// CHECK: volatile-sync-epoch.cl:[[@LINE-3]]:4: note: no fix: the store is a read-modify-write ('++', '+='): make it an atomic_fetch_add_explicit (or atomic_fetch_*) with memory_order_release
		} else {
			// CHECK: volatile-sync-epoch.cl:[[@LINE+1]]:11: warning: spin-wait on volatile __global '*epoch'{{.*}} [volatile-sync]
			while (*epoch < r)
				;
			// CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:11-[[@LINE-2]]:17}:"atomic_load_explicit((volatile __global atomic_int *)epoch, memory_order_acquire, memory_scope_device)"
			out[r] = data[r];
		}
	}
}

__kernel void epoch_add(volatile __global uint *ctl, __global int *data, __global int *out)
{
	if (get_group_id(0) == 0) {
		data[0] = 1;
		ctl[1] += 1u;
		// CHECK: volatile-sync-epoch.cl:[[@LINE-1]]:3: warning: store to volatile __global 'ctl[1]', which another work-item polls{{.*}} [volatile-sync]
		// CHECK: volatile-sync-epoch.cl:[[@LINE+4]]:10: note: 'ctl[1]' is polled here
		// CHECK: volatile-sync-epoch.cl:[[@LINE-3]]:3: note: no fix: the store is a read-modify-write
	} else {
		// CHECK: volatile-sync-epoch.cl:[[@LINE+1]]:10: warning: spin-wait on volatile __global 'ctl[1]'{{.*}} [volatile-sync]
		while (ctl[1] == 0u)
			;
		// CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:10-[[@LINE-2]]:16}:"atomic_load_explicit((volatile __global atomic_uint *)&ctl[1], memory_order_acquire, memory_scope_device)"
		out[get_group_id(0)] = data[0];
		ctl[2]++;	/* a counter nobody polls: no finding */
	}
}

// Status words: a kernel of their own clears them; the scan polls them while 0.
__kernel void init_status(volatile __global int *status, __global int *sums, int n)
{
	size_t i = get_global_id(0);
	if (i < n) {
		status[i] = 0;
		sums[i] = 0;
	}
}

__kernel void scan(volatile __global int *status, __global int *sums, __global const int *in)
{
	size_t g = get_group_id(0);
	if (g > 0)
		// CHECK: volatile-sync-epoch.cl:[[@LINE+1]]:10: warning: spin-wait on volatile __global 'status[g - 1]'{{.*}} [volatile-sync]
		while (status[g - 1] == 0)
			;
	// CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:10-[[@LINE-2]]:23}:"atomic_load_explicit((volatile __global atomic_int *)&status[g - 1], memory_order_acquire, memory_scope_device)"
	sums[g] = in[g] + (g > 0 ? sums[g - 1] : 0);
	status[g] = 1;
	// CHECK: volatile-sync-epoch.cl:[[@LINE-1]]:2: warning: store to volatile __global 'status[g]', which another work-item polls{{.*}} [volatile-sync]
	// CHECK: volatile-sync-epoch.cl:[[@LINE-6]]:10: note: 'status[g]' is polled here
	// CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:2-[[@LINE-3]]:15}:"atomic_store_explicit((volatile __global atomic_int *)&status[g], 1, memory_order_release, memory_scope_device)"
}

// Near misses, still findings: a kernel of its own that stores the value the
// poll waits for (a signal), one that polls the word too, one that calls a
// function of the program, and a clear of a word polled until it is 0.
__kernel void signal_status(volatile __global int *status)
{
	status[get_global_id(0)] = 1;
	// CHECK: volatile-sync-epoch.cl:[[@LINE-1]]:2: warning: store to volatile __global 'status[get_global_id(0)]', which another work-item polls{{.*}} [volatile-sync]
	// CHECK: note: 'status[get_global_id(0)]' is polled here
	// CHECK: fix-it:
}

__kernel void reset_and_wait(volatile __global int *status)
{
	status[0] = 0;
	// CHECK: volatile-sync-epoch.cl:[[@LINE-1]]:2: warning: store to volatile __global 'status[0]', which another work-item polls{{.*}} [volatile-sync]
	// CHECK: note: 'status[0]' is polled here
	// CHECK: fix-it:
	// CHECK: volatile-sync-epoch.cl:[[@LINE+1]]:9: warning: spin-wait on volatile __global 'status[1]'{{.*}} [volatile-sync]
	while (status[1] == 0)
		;
	// CHECK: fix-it:
}

void helper(__global int *p) { p[0] = 1; }

__kernel void reset_then_call(volatile __global int *status, __global int *p)
{
	status[0] = 0;
	// CHECK: volatile-sync-epoch.cl:[[@LINE-1]]:2: warning: store to volatile __global 'status[0]', which another work-item polls{{.*}} [volatile-sync]
	// CHECK: note: 'status[0]' is polled here
	// CHECK: fix-it:
	helper(p);
}

__kernel void drain(volatile __global int *busy)
{
	// CHECK: volatile-sync-epoch.cl:[[@LINE+1]]:9: warning: spin-wait on volatile __global '*busy'{{.*}} [volatile-sync]
	while (*busy != 0)
		;
	// CHECK: fix-it:
}

__kernel void clear_busy(volatile __global int *busy)
{
	*busy = 0;
	// CHECK: volatile-sync-epoch.cl:[[@LINE-1]]:2: warning: store to volatile __global '*busy', which another work-item polls{{.*}} [volatile-sync]
	// CHECK: note: '*busy' is polled here
	// CHECK: fix-it:
}
