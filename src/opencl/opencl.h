/*
 * The OpenCL C front end: which files are OpenCL C, the OpenCL C version
 * and device profiles they are judged for, and the clang arguments of
 * their parses.
 *
 * A .cl file (or a compile-database entry with -x cl) is parsed by libclang
 * as OpenCL C for the SPIR target, once per device profile (the OpenCL
 * analogue of --cuda-arch).  A profile is the set of OpenCL C features
 * (__opencl_c_*) and extensions (cl_khr_*, cl_ext_*) a device reports;
 * the parse defines exactly those, so the default header declares what the
 * device has and nothing more.  Profiles are the built-in ones below or
 * a file of `clinfo --json` output (the first device listed).
 *
 * The settings are the run's, set once by the command line before any job
 * is made, and read-only afterwards (workers share them).
 */
#ifndef CUATOMLINT_OPENCL_H
#define CUATOMLINT_OPENCL_H

#include <clang-c/Index.h>

#include "parse/language.h"

struct cal_argv;
struct cal_parse_info;

#define CAL_OCL_MAX_PROFILES 8

struct cal_ocl_settings {
	int std;		/* 120, 200 or 300 */
	struct cal_ocl_profile profiles[CAL_OCL_MAX_PROFILES];
	int nr_profiles;	/* 0: the default profile */
};

/* The run's settings (defaults until set). */
const struct cal_ocl_settings *cal_ocl_settings(void);
/* --opencl-std VALUE / --opencl-device NAME|FILE; -1 after a one-line error. */
int cal_ocl_set_std(const char *value);
int cal_ocl_add_device(const char *name_or_file);
/* Without --opencl-device, the default profile (gpu); before any job runs. */
void cal_ocl_default_profile(void);
/* How many profiles each OpenCL file is parsed for (after the default is set). */
int cal_ocl_nr_profiles(void);
/* Does every device profile of the run have feature? (One fix must suit them all.) */
int cal_ocl_all_profiles_have(const char *feature);
const struct cal_ocl_profile *cal_ocl_profile(int i);
void cal_ocl_release(void);
/* Every feature and extension name a parse turns on or off, NULL-terminated. */
const char *const *cal_ocl_known_features(void);

/* Is path an OpenCL C source by its name (.cl)? */
int cal_ocl_is_source(const char *path);
/* Is a compile command's -x value OpenCL C? */
int cal_ocl_is_lang(const char *value);
/*
 * A -D argument naming the settings, for a job's cache key: the findings
 * of an OpenCL file depend on its profiles.  Caller frees.
 */
char *cal_ocl_fingerprint_arg(void);
/*
 * Is a job for file (force: a compile command said -x cl) OpenCL C?  If so
 * sets *opencl and adds the settings' fingerprint to its arguments.
 */
int cal_ocl_job(const char *file, int force, int *opencl, struct cal_argv *args);

/* The clang arguments (without user arguments) of the parse for profile i. */
void cal_ocl_parse_args(int profile, struct cal_argv *out);
/* C11's '_Atomic(T)' is parsed as atomic_T for these T (front.c): is t one? */
#define CAL_OCL_C11_ATOMIC_PREFIX "__cal_c11_atomic_"
int cal_ocl_c11_atomic_known(const char *t);

/*
 * The folder of clang's OpenCL headers in tu (opencl-c-base.h), or NULL;
 * caller frees.  The walk treats it as the tool's prelude: its
 * declarations are the built-ins, never user code.
 */
char *cal_ocl_header_dir(CXTranslationUnit tu);
/* The OpenCL C version of a parse, 120/200/300. */
int cal_ocl_std(void);

#endif
