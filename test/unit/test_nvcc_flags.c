/*
 * Table-driven tests of the nvcc (and clang) command translator: each row
 * is a command line, the clang arguments it must become, the targets it
 * builds for, and what it drops.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "driver/nvcc_flags.h"
#include "test.h"

struct row {
	const char *command;	/* words split by cal_split_words */
	const char *args;	/* expected clang_args joined by ' ' */
	const char *targets;	/* expected "75,90" */
	const char *dropped;	/* expected dropped joined by ' ' (NULL: don't care) */
	int is_cuda;
};

static const struct row rows[] = {
	/* the CMake example from the issue */
	{ "nvcc -forward-unknown-to-host-compiler -DFOO=1 "
	  "--generate-code=arch=compute_75,code=[compute_75,sm_75] "
	  "--generate-code=arch=compute_90,code=[compute_90,sm_90] --expt-relaxed-constexpr "
	  "-lineinfo -x cu -rdc=true -c k.cu -o k.cu.o",
	  "-DFOO=1 -D__CUDACC_RELAXED_CONSTEXPR__=1 -fgpu-rdc", "75,90",
	  "-forward-unknown-to-host-compiler -lineinfo -c -o k.cu.o", 1 },
	{ "nvcc -arch=sm_80 -c k.cu", "", "80", NULL, 1 },
	{ "nvcc -arch sm_80 k.cu", "", "80", NULL, 1 },
	{ "nvcc --gpu-architecture=compute_70 --gpu-code=sm_70,sm_75 k.cu", "", "70", NULL, 1 },
	{ "nvcc --gpu-architecture compute_70 k.cu", "", "70", NULL, 1 },
	{ "nvcc -code=sm_86 k.cu", "", "86", NULL, 1 },
	{ "nvcc -gencode arch=compute_60,code=sm_61 -gencode=arch=compute_90a,code=sm_90a k.cu",
	  "", "60,90a", NULL, 1 },
	{ "nvcc --generate-code arch=compute_52,code=\"[sm_52,compute_52]\" k.cu", "", "52", NULL, 1 },
	{ "nvcc -arch=sm_75,sm_90 k.cu", "", "75,90", NULL, 1 },
	{ "nvcc -arch=all-major k.cu", "", "75,80,90,100,110,120", NULL, 1 },
	{ "nvcc -arch=native k.cu", "", "", NULL, 1 },
	{ "nvcc -Iinc -I /abs/inc --include-path=rel -isystem sys --system-include=/s2 k.cu",
	  "-I/b/inc -I/abs/inc -I/b/rel -isystem /b/sys -isystem /s2", "", "", 1 },
	{ "nvcc -DA -D B=2 --define-macro=C -UD --undefine-macro E k.cu",
	  "-DA -DB=2 -DC -UD -UE", "", "", 1 },
	{ "nvcc -include pre.h --pre-include=/p.h -std=c++20 --std c++17 k.cu",
	  "-include /b/pre.h -include /p.h -std=c++20 -std=c++17", "", "", 1 },
	{ "nvcc -Xcompiler -fPIC,-DHOST=1,-Wall --compiler-options=-isystem,/h k.cu",
	  "-DHOST=1 -isystem /h", "", "-fPIC -Wall", 1 },
	{ "nvcc -ccbin /usr/bin/g++-12 --compiler-bindir=g++ -x cu k.cpp",
	  "", "", "-ccbin /usr/bin/g++-12 --compiler-bindir=g++", 1 },
	{ "nvcc -x c++ k.cu", "", "", NULL, 0 },
	{ "nvcc -dc --expt-extended-lambda --extended-lambda k.cu",
	  "-fgpu-rdc -D__CUDACC_EXTENDED_LAMBDA__=1 -D__CUDACC_EXTENDED_LAMBDA__=1", "", "", 1 },
	{ "nvcc -extended-lambda -expt-relaxed-constexpr k.cu",
	  "-D__CUDACC_EXTENDED_LAMBDA__=1 -D__CUDACC_RELAXED_CONSTEXPR__=1", "", "", 1 },
	{ "nvcc -MD -MF k.d -MT k.o -O3 -G -g -Xptxas -v -maxrregcount=32 --use_fast_math k.cu",
	  "", "", "-MD -MF k.d -MT k.o -O3 -G -g -Xptxas -v -maxrregcount=32 --use_fast_math", 1 },
	{ "nvcc -rdc=false --bogus-flag -Wno-deprecated-gpu-targets k.cu",
	  "", "", "--bogus-flag -Wno-deprecated-gpu-targets", 1 },
	{ "ccache nvcc -arch=sm_90 k.cu", "", "90", NULL, 1 },
	{ "/usr/bin/clang++ -x cuda --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -DX -Iinc -c k.cu -o k.o",
	  "-DX -I/b/inc", "80,90", NULL, 1 },
	{ "g++ -c k.cpp", "", "", NULL, 0 },
};

static char *joined(const struct cal_argv *a)
{
	struct strbuf sb = STRBUF_INIT;
	int i;
	for (i = 0; i < a->n; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", a->v[i]);
	return strbuf_detach(&sb);
}

static char *target_list(const struct cal_target_set *set)
{
	struct strbuf sb = STRBUF_INIT;
	int i;
	for (i = 0; i < set->n; i++)
		strbuf_addf(&sb, "%s%u%s", i ? "," : "", set->t[i].sm,
			    set->t[i].suffix ? (char[2]){ set->t[i].suffix, 0 } : "");
	return strbuf_detach(&sb);
}

static int check_row(const struct row *r)
{
	struct cal_argv words = { 0 };
	struct cal_compile_command cmd;
	const char *file;
	char *err = NULL, *args, *targets, *dropped;
	int ok;

	cal_split_words(r->command, &words);
	file = words.v[words.n - 1][0] == '-' ? "k.cu" : words.v[words.n - 1];
	if (strstr(r->command, " -o "))
		file = "k.cu";
	if (cal_translate_command("/b", file, words.v, words.n, &cmd, &err) < 0) {
		fprintf(stderr, "row '%s': %s\n", r->command, err);
		free(err);
		cal_argv_clear(&words);
		return 0;
	}
	args = joined(&cmd.clang_args);
	targets = target_list(&cmd.targets);
	dropped = joined(&cmd.dropped);
	ok = !strcmp(args, r->args) && !strcmp(targets, r->targets) &&
	     (!r->dropped || !strcmp(dropped, r->dropped)) && cmd.is_cuda == r->is_cuda;
	if (!ok)
		fprintf(stderr, "row '%s':\n  args    '%s'\n  targets '%s'\n  dropped '%s'\n  cuda %d\n",
			r->command, args, targets, dropped, cmd.is_cuda);
	free(args);
	free(targets);
	free(dropped);
	cal_compile_command_release(&cmd);
	cal_argv_clear(&words);
	return ok;
}

static void test_rows(void)
{
	size_t i;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		EXPECT(check_row(&rows[i]));
}

static void test_notes_and_errors(void)
{
	struct cal_argv words = { 0 };
	struct cal_compile_command cmd;
	char *err = NULL;

	cal_split_words("nvcc -arch=native k.cu", &words);
	EXPECT(cal_translate_command("/b", "k.cu", words.v, words.n, &cmd, &err) == 0);
	EXPECT(cmd.notes.n == 1 && strstr(cmd.notes.v[0], "native"));
	EXPECT(!strcmp(cmd.file, "/b/k.cu"));
	cal_compile_command_release(&cmd);
	cal_argv_clear(&words);

	cal_split_words("nvcc -arch=sm_9x k.cu", &words);
	EXPECT(cal_translate_command("/b", "k.cu", words.v, words.n, &cmd, &err) < 0);
	EXPECT(err && strstr(err, "'sm_9x'"));
	free(err);
	cal_compile_command_release(&cmd);
	cal_argv_clear(&words);

	cal_split_words("nvcc k.cu -I", &words);
	EXPECT(cal_translate_command("/b", "k.cu", words.v, words.n, &cmd, &err) < 0);
	EXPECT(err && strstr(err, "'-I' needs a value"));
	free(err);
	cal_compile_command_release(&cmd);
	cal_argv_clear(&words);
}

static void test_options_file(void)
{
	char dir[] = "/tmp/cuatomlint-optf-XXXXXX";
	struct cal_argv words = { 0 };
	struct cal_compile_command cmd;
	char *path, *err = NULL, *args;
	FILE *f;

	EXPECT(mkdtemp(dir) != NULL);
	path = xasprintf("%s/opts.txt", dir);
	f = fopen(path, "w");
	fputs("-DFROM_FILE \"-DQUOTED=a b\"\n-arch=sm_86 -Iinc\n", f);
	fclose(f);
	cal_split_words("nvcc --options-file opts.txt -optf=opts.txt k.cu", &words);
	EXPECT(cal_translate_command(dir, "k.cu", words.v, words.n, &cmd, &err) == 0);
	args = joined(&cmd.clang_args);
	EXPECT(strstr(args, "-DFROM_FILE -DQUOTED=a b -I") == args);
	EXPECT(cmd.targets.n == 1 && cmd.targets.t[0].sm == 86);
	free(args);
	cal_compile_command_release(&cmd);
	cal_argv_clear(&words);

	cal_split_words("nvcc --options-file missing.txt k.cu", &words);
	EXPECT(cal_translate_command(dir, "k.cu", words.v, words.n, &cmd, &err) < 0);
	EXPECT(err && strstr(err, "cannot read options file"));
	free(err);
	cal_compile_command_release(&cmd);
	cal_argv_clear(&words);
	unlink(path);
	rmdir(dir);
	free(path);
}

static void test_split_words(void)
{
	struct cal_argv w = { 0 };
	cal_split_words("  a 'b c' \"d\\\"e\" f\\ g\n", &w);
	EXPECT(w.n == 4);
	EXPECT(w.n == 4 && !strcmp(w.v[1], "b c") && !strcmp(w.v[2], "d\"e") && !strcmp(w.v[3], "f g"));
	cal_argv_clear(&w);
}

int main(void)
{
	test_rows();
	test_notes_and_errors();
	test_options_file();
	test_split_words();
	return test_summary("nvcc_flags");
}
