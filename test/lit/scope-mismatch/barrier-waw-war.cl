// scope-mismatch rule 3 for OpenCL C beyond store-then-load: barrier(CLK_LOCAL_MEM_FENCE)
// between a store and a store at a neighbour's element (write after write), between a
// load and a store at a neighbour's element or of a word one work-item stores after the
// others read it (write after read), and a word one work-item stores for the others to
// read.  Fix: add CLK_GLOBAL_MEM_FENCE.  Near misses: a work-item's own element on both
// sides, a barrier with CLK_GLOBAL_MEM_FENCE, reads through atomics, the pivot broadcast,
// one work-item on both sides, elements that never meet (2*lid, 2*lid + 1), tiles of
// one matrix at different rows.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --fix %t/t.cl > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --match-full-lines < %t/t.cl
// RUN: %cuatomlint --checks='-*,scope-mismatch' %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

/* write after write: each work-item stores its element, then its neighbour's */
__kernel void shift_waw(__global int *g, int a, int b)
{
	int lid = (int)get_local_id(0);
	g[lid] = a;
	barrier(CLK_LOCAL_MEM_FENCE);
	// CHECK: barrier-waw-war.cl:[[@LINE-1]]:2: warning: 'barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'g' across it [scope-mismatch]
	// CHECK: barrier-waw-war.cl:[[@LINE-3]]:2: note: 'g' is stored here
	// CHECK: barrier-waw-war.cl:[[@LINE+3]]:2: note: and stored here at another address, one another work-item stored before the barrier
	// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:10-[[@LINE-4]]:29}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
	// FIXED: {{^}}	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	g[lid + 1] = b;
}

/* ... a ring of neighbours, in a loop: both barriers order a store against a store */
__kernel void ring_waw(__global int *g, int rounds)
{
	int l = (int)get_local_id(0), n = (int)get_local_size(0);
	for (int r = 0; r < rounds; r++) {
		g[l] = r;
		barrier(CLK_LOCAL_MEM_FENCE);
		// CHECK: barrier-waw-war.cl:[[@LINE-1]]:3: warning: 'barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'g' across it [scope-mismatch]
		// CHECK: barrier-waw-war.cl:[[@LINE-3]]:3: note: 'g' is stored here
		// CHECK: barrier-waw-war.cl:[[@LINE+3]]:3: note: and stored here at another address, one another work-item stored before the barrier
		// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:11-[[@LINE-4]]:30}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
		// FIXED: {{^}}		barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
		g[(l + 1) % n] = -r;
		barrier(CLK_LOCAL_MEM_FENCE);
		// CHECK: barrier-waw-war.cl:[[@LINE-1]]:3: warning: 'barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'g' across it [scope-mismatch]
		// CHECK: barrier-waw-war.cl:[[@LINE-3]]:3: note: 'g' is stored here
		// CHECK: barrier-waw-war.cl:[[@LINE-11]]:3: note: and stored here at another address, one another work-item stored before the barrier
		// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:11-[[@LINE-4]]:30}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
		// FIXED: {{^}}		barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	}
}

/* write after read of a shared word: every work-item reads it, one stores it */
__kernel void word_war(__global int *g, __global int *out, int y)
{
	int lid = (int)get_local_id(0);
	int x = g[0];
	barrier(CLK_LOCAL_MEM_FENCE);
	// CHECK: barrier-waw-war.cl:[[@LINE-1]]:2: warning: 'barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'g' across it [scope-mismatch]
	// CHECK: barrier-waw-war.cl:[[@LINE-3]]:10: note: 'g' is read here
	// CHECK: barrier-waw-war.cl:[[@LINE+4]]:3: note: and stored here by the work-item the test picks, after other work-items read it
	// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:10-[[@LINE-4]]:29}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
	// FIXED: {{^}}	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	if (lid == 0)
		g[0] = y;
	out[get_global_id(0)] = x;
}

/* write after read of a neighbour's element: an in-place shift */
__kernel void shift_war(__global int *g)
{
	int lid = (int)get_local_id(0);
	int v = g[lid + 1];
	barrier(CLK_LOCAL_MEM_FENCE);
	// CHECK: barrier-waw-war.cl:[[@LINE-1]]:2: warning: 'barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'g' across it [scope-mismatch]
	// CHECK: barrier-waw-war.cl:[[@LINE-3]]:10: note: 'g' is read here
	// CHECK: barrier-waw-war.cl:[[@LINE+3]]:2: note: and stored here at another address, one another work-item read before the barrier
	// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:10-[[@LINE-4]]:29}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
	// FIXED: {{^}}	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	g[lid] = v;
}

/* read after write of a word one work-item stores for the others (the same address text) */
__kernel void word_raw(__global int *g, __global int *out)
{
	if (get_local_id(0) == 0)
		g[0] = 5;
	barrier(CLK_LOCAL_MEM_FENCE);
	// CHECK: barrier-waw-war.cl:[[@LINE-1]]:2: warning: 'barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'g' across it [scope-mismatch]
	// CHECK: barrier-waw-war.cl:[[@LINE-3]]:3: note: 'g' is stored here
	// CHECK: barrier-waw-war.cl:[[@LINE+3]]:26: note: and read here by work-items the test before the barrier does not pick
	// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:10-[[@LINE-4]]:29}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
	// FIXED: {{^}}	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	out[get_global_id(0)] = g[0];
}

/* near miss: each work-item stores its own element on both sides */
__kernel void own_slot(__global int *g, int a, int b)
{
	size_t gid = get_global_id(0);
	int v = g[gid];
	g[gid] = a + v;
	barrier(CLK_LOCAL_MEM_FENCE);
	g[gid] = b;
}

/* near miss: the barrier has CLK_GLOBAL_MEM_FENCE, or another barrier with it stands between */
__kernel void global_fence(__global int *g, int a, int b)
{
	int lid = (int)get_local_id(0);
	g[lid] = a;
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	g[lid + 1] = b;
	barrier(CLK_LOCAL_MEM_FENCE);
	barrier(CLK_GLOBAL_MEM_FENCE);
	g[lid + 2] = a;
}

/* near miss: the shared word is read and written through atomics */
__kernel void atomic_word(__global int *g, int y)
{
	int x = atomic_add(&g[0], 0);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_local_id(0) == 0)
		atomic_xchg(&g[0], y + x);
}

/* near miss: one work-item reads and writes the word (the same test on both sides) */
__kernel void one_item(__global int *g, __local int *t, int y)
{
	if (get_local_id(0) == 0)
		t[0] = g[0];
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_local_id(0) == 0)
		g[0] = y + t[0];
}

/* near miss: one work-item of the whole range stores a word every work-group reads:
 * other work-groups race with it too, which no fence flag orders (not judged here) */
__kernel void range_word(__global int *g, __global int *out, int y)
{
	int x = g[0];
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_global_id(0) == 0)
		g[0] = y;
	out[get_global_id(0)] = x;
}

/* near miss: the pivot one work-item reads into __local memory, then the other rows are written */
__kernel void lu_pivot(__global float *a, int n, int k)
{
	__local float pivot;
	int row = (int)get_global_id(0) + k + 1;
	if (get_local_id(0) == 0)
		pivot = a[k * n + k];
	barrier(CLK_LOCAL_MEM_FENCE);
	if (row < n)
		a[row * n + k] = a[row * n + k] / pivot;
}

/* near miss: elements no two work-items share (2 * lid and 2 * lid + 1) */
__kernel void parity(__global int *g, int a, int b)
{
	int lid = (int)get_local_id(0);
	g[2 * lid] = a;
	barrier(CLK_LOCAL_MEM_FENCE);
	g[2 * lid + 1] = b;
}

/* near miss: tiles of one matrix read at other rows than the tile written (Rodinia's lud_internal) */
__kernel void lud_internal(__global float *m, __local float *row_t, __local float *col_t,
			   int dim, int offset)
{
	int bx = (int)get_group_id(0), by = (int)get_group_id(1);
	int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
	int grow = offset + (by + 1) * 16, gcol = offset + (bx + 1) * 16;
	float sum = 0;

	row_t[ty * 16 + tx] = m[(offset + ty) * dim + gcol + tx];
	col_t[ty * 16 + tx] = m[(grow + ty) * dim + offset + tx];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int i = 0; i < 16; i++)
		sum += col_t[ty * 16 + i] * row_t[i * 16 + tx];
	m[(grow + ty) * dim + gcol + tx] -= sum;
}

/* rule 5 takes the same pairs: the second barrier of a round orders the read of a
 * neighbour's __local element before the next round's store (write after read) */
__kernel void local_rounds(__global int *out, __local int *tmp, int rounds)
{
	int l = (int)get_local_id(0), n = (int)get_local_size(0), stale = 0;
	for (int r = 1; r <= rounds; r++) {
		tmp[l] = r;
		barrier(CLK_GLOBAL_MEM_FENCE);
		// CHECK: barrier-waw-war.cl:[[@LINE-1]]:3: warning: 'barrier' without CLK_LOCAL_MEM_FENCE does not order __local memory, but the work-items exchange __local data through 'tmp' across it [scope-mismatch]
		// CHECK: barrier-waw-war.cl:[[@LINE-3]]:3: note: 'tmp' is stored here
		// CHECK: barrier-waw-war.cl:[[@LINE+3]]:12: note: and read here at another address, by another work-item
		// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:11-[[@LINE-4]]:31}:"CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE"
		// FIXED: {{^}}		barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
		stale += tmp[(l + 1) % n] != r;
		barrier(CLK_GLOBAL_MEM_FENCE);
		// CHECK: barrier-waw-war.cl:[[@LINE-1]]:3: warning: 'barrier' without CLK_LOCAL_MEM_FENCE does not order __local memory, but the work-items exchange __local data through 'tmp' across it [scope-mismatch]
		// CHECK: barrier-waw-war.cl:[[@LINE-3]]:12: note: 'tmp' is read here
		// CHECK: barrier-waw-war.cl:[[@LINE-11]]:3: note: and stored here at another address, one another work-item read before the barrier
		// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:11-[[@LINE-4]]:31}:"CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE"
		// FIXED: {{^}}		barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
	}
	out[get_global_id(0)] = stale;
}
