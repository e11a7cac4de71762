/*
 * Compile commands from a build, translated into what a parse needs.
 *
 * A CMake CUDA project's compile_commands.json holds nvcc command lines,
 * which no clang tool reads.  cal_translate_command() turns one command
 * (nvcc, or clang/clang++ used as the CUDA compiler, possibly behind a
 * launcher such as ccache) into the clang arguments for the user part of
 * a parse, the GPU targets it builds for, and two lists for --verbose:
 * the flags it dropped and the guesses it had to make.
 *
 * Nothing is ever executed: an --options-file is read as text and its
 * words are translated like the command's own.  Relative paths (the
 * source file, -I, -isystem, -include, options files) are made absolute
 * against the command's directory, since parses run from the tool's cwd.
 */
#ifndef CUATOMLINT_NVCC_FLAGS_H
#define CUATOMLINT_NVCC_FLAGS_H

#include "cuatomlint/target.h"
#include "parse/parse.h"

enum cal_compiler_kind { CAL_COMPILER_NVCC, CAL_COMPILER_CLANG, CAL_COMPILER_OTHER };

struct cal_compile_command {
	char *file;			/* absolute */
	char *directory;
	enum cal_compiler_kind compiler;
	int is_cuda;			/* .cu/.cuh file, or -x cu / -x cuda */
	int is_opencl;			/* .cl file, or -x cl */
	/*
	 * HIP (also is_cuda): a .hip file, -x hip, or a C++ or CUDA source
	 * hipcc compiles; its targets are the gfx targets of --offload-arch.
	 */
	int is_hip;
	struct cal_argv clang_args;	/* -I, -D, -std ... for the parse */
	struct cal_target_set targets;	/* empty: the toolkit's default */
	struct cal_argv dropped;	/* flags with no meaning for a parse */
	struct cal_argv notes;		/* guesses, e.g. for -arch=native */
	/*
	 * Flags no nvcc table entry names, with the words after them that
	 * are not flags (also in dropped).  A database's are dropped; the
	 * command line's after "--" are clang's own flags and are kept.
	 */
	struct cal_argv unknown;
};

/*
 * Translate argv (argv[0] is the compiler) run in directory for file.
 * Returns 0, or -1 with a one-line reason in *err (caller frees).
 */
int cal_translate_command(const char *directory, const char *file,
			  char *const *argv, int argc,
			  struct cal_compile_command *out, char **err);
void cal_compile_command_release(struct cal_compile_command *cmd);

/* Split an options-file text into words (quotes and backslashes as a shell does). */
void cal_split_words(const char *text, struct cal_argv *out);
/* dir/path unless path is absolute; caller frees. */
char *cal_path_join(const char *dir, const char *path);

#endif
