/*
 * What the parse and the walk need of the languages beside CUDA C++
 * (OpenCL C today), without depending on their front ends, which sit above
 * them: the device profile type a parse is made for, which functions are
 * kernels, and the front end's answers, which it registers before any job
 * runs (src/opencl/front.c) and which are read-only afterwards.
 */
#ifndef CUATOMLINT_LANGUAGE_H
#define CUATOMLINT_LANGUAGE_H

#include <clang-c/Index.h>

#include "parse/check.h"
#include "util/strvec.h"

struct cal_argv;

/* An OpenCL device profile: the OpenCL C features and extensions a device has. */
struct cal_ocl_profile {
	char *name;
	struct cal_argv features;	/* __opencl_c_* features and cl_* extensions it has */
	int fine_grain_svm;	/* CL_DEVICE_SVM_FINE_GRAIN_BUFFER or _SYSTEM */
};

int cal_ocl_profile_has(const struct cal_ocl_profile *p, const char *feature);
/* A call of an OpenCL C built-in: declared, never defined. */
int cal_ocl_is_builtin_call(CXCursor c);

/*
 * The OpenCL C front end's side of a parse and its walk, and what the
 * OpenCL halves of the checks ask of the run's device profiles.
 */
struct cal_opencl_front {
	/* The clang arguments (without user arguments) of the parse for profile i. */
	void (*parse_args)(int profile, struct cal_argv *out);
	/* Does every profile of the run have feature? (One fix must suit them all.) */
	int (*all_profiles_have)(const char *feature);
};

void cal_opencl_front_set(const struct cal_opencl_front *front);
/* NULL until the front end registered itself (no OpenCL file in the run). */
const struct cal_opencl_front *cal_opencl_front(void);

/*
 * OpenCL C has no host code: CAL_SPACE_GLOBAL for a __kernel function
 * (launched like __global__), else CAL_SPACE_DEVICE.
 */
enum cal_space cal_ocl_function_space(CXCursor fn);

#endif
