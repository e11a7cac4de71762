/*
 * Kernel launches as the parse shows them, for every analysis that follows
 * arguments or grids from host code into a kernel: k<<<grid, block>>>(args)
 * (a call whose second child is the push-configuration call, CUDA's or
 * HIP's, also behind HIP 5's hipLaunchKernelGGL macro) and ROCm 6's
 * hipLaunchKernelGGL(k, grid, block, shared, stream, args...) template.
 */
#ifndef CUATOMLINT_ANALYSIS_LAUNCH_H
#define CUATOMLINT_ANALYSIS_LAUNCH_H

#include <clang-c/Index.h>

struct cal_launch {
	CXCursor kernel;	/* the __global__ function launched */
	CXCursor ref;		/* its name in the launch */
	CXCursor grid;		/* the grid expression */
	int first_arg;		/* where the kernel's arguments start among the call's */
};

/* Is fn a __global__ function? */
int cal_is_kernel(CXCursor fn);
/* The kernel an expression names (k, &k, (void *)k), or a null cursor; *ref its name. */
CXCursor cal_kernel_named(CXCursor e, CXCursor *ref);
/* Is call a launch of a kernel with its arguments?  Fills out. */
int cal_launch_of(CXCursor call, struct cal_launch *out);

#endif
