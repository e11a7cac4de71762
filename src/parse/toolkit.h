/*
 * The CUDA environment a parse runs in.
 *
 * Either a real toolkit (found through --cuda-path, $CUDA_PATH, nvcc on
 * PATH, or /usr/local/cuda) or, where none is installed or --builtin-cuda
 * asks for it, the tool's own minimal CUDA declarations.  Nothing is ever
 * executed to learn about the toolkit: its version comes from cuda.h and
 * its build number from version.json or the nvcc package's metadata.
 *
 * cal_env_setup() writes the files the parse needs (the prelude that
 * declares the __nv_atomic_* builtins, stand-ins for the texture headers
 * CUDA 13 removed, the built-in CUDA headers) into a private temporary
 * directory, which cal_env_release() removes, and so does a SIGINT,
 * SIGTERM, SIGHUP or SIGQUIT (the handler removes the files it knows and
 * raises the signal again).  The folder's ".owner" file names the process;
 * cal_env_setup() removes this user's folders whose owner is gone (killed
 * with SIGKILL).
 */
#ifndef CUATOMLINT_TOOLKIT_H
#define CUATOMLINT_TOOLKIT_H

struct cal_env {
	char *cuda_path;	/* NULL: built-in environment */
	char *cccl_include;	/* toolkit's include/cccl, if present */
	int ver_major, ver_minor, ver_build;
	char *dir;		/* private temporary directory */
	char *prelude;		/* dir/prelude/cuatomlint_prelude.h */
	char *stub_dir;		/* dir/stub */
	char *builtin_dir;	/* dir/builtin */
	char *pch_dir;		/* dir/pch: the shared preamble's PCHs (driver/preamble.h) */
	char *rocm_path;	/* the HIP headers' ROCm: $ROCM_PATH, /opt/rocm, else /usr */
};

/*
 * Find the toolkit (explicit_path may be NULL) unless builtin is set, and
 * write the support files.  Returns 0, or -1 after printing an error.
 */
int cal_env_setup(struct cal_env *env, const char *explicit_path, int builtin);
void cal_env_release(struct cal_env *env);
/* --keep-env: leave the folder (not stale for later runs) and forget it. */
void cal_env_keep(struct cal_env *env);
/* nvcc's default target for this toolkit (sm_75 for CUDA 13). */
unsigned cal_env_default_sm(const struct cal_env *env);

extern const char cal_prelude_text[];
extern const char cal_builtin_cuda_text[];

#endif
