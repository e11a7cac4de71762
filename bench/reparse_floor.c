/*
 * libclang's own floor for an edit in the language server: parse FILE
 * once as the server's worker does (a precompiled preamble built at the
 * first parse, the preprocessing record kept), then N times change one
 * line in the middle of the file (an unsaved buffer, as the editor's text
 * reaches libclang) and time clang_reparseTranslationUnit alone, thread
 * CPU and wall, in ms.  No cuatomlint code runs: the difference to
 * bench/lsp_latency.py's figures is the server's own work.
 *
 *   cc -O2 -std=c17 -D_POSIX_C_SOURCE=200809L -I/usr/lib/llvm-19/include \
 *      bench/reparse_floor.c -o /tmp/reparse_floor \
 *      -L/usr/lib/llvm-19/lib -Wl,-rpath,/usr/lib/llvm-19/lib -lclang
 *   /tmp/reparse_floor [-n N] [-no-dpr] [-errors-only-in-headers] FILE -- CLANG_ARGS...
 *
 * CLANG_ARGS: those `cuatomlint --verbose --keep-env` prints for the parse
 * (with --keep-env its support files stay where those arguments name them).
 * -no-dpr leaves out CXTranslationUnit_DetailedPreprocessingRecord (what
 * it costs; the server needs it for the inclusion directives and macros);
 * -errors-only-in-headers adds CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <clang-c/Index.h>

static double ms(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END) < 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) < 0)
		exit(2);
	buf = malloc((size_t)n + 64);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		exit(2);
	fclose(f);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

/* text with "// edit K\n" inserted at the start of its middle line */
static char *edited(const char *text, size_t len, int k, size_t *out_len)
{
	size_t lines = 0, i, at = 0, seen = 0;
	char mark[32], *buf;
	int m;

	for (i = 0; i < len; i++)
		lines += text[i] == '\n';
	for (i = 0; i < len && seen < lines / 2; i++)
		if (text[i] == '\n') {
			seen++;
			at = i + 1;
		}
	m = snprintf(mark, sizeof(mark), "// edit %d\n", k);
	buf = malloc(len + (size_t)m + 1);
	if (!buf)
		exit(2);
	memcpy(buf, text, at);
	memcpy(buf + at, mark, (size_t)m);
	memcpy(buf + at + m, text + at, len - at + 1);
	*out_len = len + (size_t)m;
	return buf;
}

static int errors(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	int e = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		e += clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return e;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	unsigned flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_PrecompiledPreamble |
			 CXTranslationUnit_CreatePreambleOnFirstParse |
			 CXTranslationUnit_DetailedPreprocessingRecord;
	int n = 6, a = 1, k;
	const char *file;
	char *text, *args[256];
	size_t len;
	int nargs = 0;
	double t0, c0, cpu[64], wall[64];
	CXIndex index;
	CXTranslationUnit tu;
	struct CXUnsavedFile u;

	for (; a < argc && argv[a][0] == '-'; a++) {
		if (!strcmp(argv[a], "-n") && a + 1 < argc)
			n = (int)strtol(argv[++a], NULL, 10);
		else if (!strcmp(argv[a], "-no-dpr"))
			flags &= ~(unsigned)CXTranslationUnit_DetailedPreprocessingRecord;
		else if (!strcmp(argv[a], "-errors-only-in-headers"))
			flags |= CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
	}
	if (a >= argc || n < 1 || n > 64)
		return 2;
	file = argv[a++];
	if (a < argc && !strcmp(argv[a], "--"))
		a++;
	args[nargs++] = "clang++";
	for (; a < argc && nargs < 255; a++)
		args[nargs++] = argv[a];
	setenv("LIBCLANG_NOTHREADS", "1", 1);	/* as the worker: on this thread */
	text = slurp(file, &len);
	index = clang_createIndex(0, 0);
	u.Filename = file;
	u.Contents = text;
	u.Length = (unsigned long)len;
	t0 = ms(CLOCK_MONOTONIC);
	c0 = ms(CLOCK_THREAD_CPUTIME_ID);
	if (clang_parseTranslationUnit2FullArgv(index, file, (const char *const *)args, nargs,
						&u, 1, flags, &tu) != CXError_Success)
		return 1;
	printf("first parse: %.0f ms CPU, %.0f ms wall, %d errors\n",
	       ms(CLOCK_THREAD_CPUTIME_ID) - c0, ms(CLOCK_MONOTONIC) - t0, errors(tu));
	for (k = 0; k < n; k++) {
		char *t = edited(text, len, k, &len);
		free(text);
		text = t;
		u.Contents = text;
		u.Length = (unsigned long)len;
		t0 = ms(CLOCK_MONOTONIC);
		c0 = ms(CLOCK_THREAD_CPUTIME_ID);
		if (clang_reparseTranslationUnit(tu, 1, &u, clang_defaultReparseOptions(tu)))
			return 1;
		cpu[k] = ms(CLOCK_THREAD_CPUTIME_ID) - c0;
		wall[k] = ms(CLOCK_MONOTONIC) - t0;
		printf("reparse %d: %.0f ms CPU, %.0f ms wall, %d errors\n", k + 1, cpu[k], wall[k],
		       errors(tu));
	}
	qsort(cpu, (size_t)n, sizeof(double), cmp);
	qsort(wall, (size_t)n, sizeof(double), cmp);
	printf("reparse median: %.0f ms CPU, %.0f ms wall over %d edits\n", cpu[n / 2], wall[n / 2],
	       n);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	free(text);
	return 0;
}
