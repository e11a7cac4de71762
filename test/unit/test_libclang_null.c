/*
 * Which libclang 19 type accessors crash on an invalid CXType, and that
 * ast.c's checked wrappers do not.  An invalid type is ordinary on real
 * code (the object of a call through an implicit 'this' to a member
 * template); scripts/check-sources.sh keeps the crashing accessors out of
 * every file but ast.c.  Each probe runs in a child process.
 */
#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <unistd.h>

#include "parse/ast.h"

static CXType invalid_type(void)
{
	CXType t;

	memset(&t, 0, sizeof(t));
	return t;
}

/* 1 if fn(invalid type) kills the process (or a sanitizer reports a crash). */
static int crashes(void (*fn)(CXType))
{
	int st = 0;
	pid_t pid = fork();

	if (pid == 0) {
		fn(invalid_type());
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return -1;
	/* a signal, or a sanitizer's report of one (it exits non-zero instead) */
	return WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st) != 0) ? 1 : 0;
}

static void raw_unqualified(CXType t) { (void)clang_getUnqualifiedType(t); }
static void raw_non_reference(CXType t) { (void)clang_getNonReferenceType(t); }
static void checked_unqualified(CXType t) { (void)cal_type_unqualified(t); }
static void checked_non_reference(CXType t) { (void)cal_type_non_reference(t); }
static void checked_chain(CXType t)
{
	CXType u = cal_type_unqualified(clang_getCanonicalType(clang_getPointeeType(t)));

	(void)clang_getTypeDeclaration(u);
	free(cal_type_name(u));
}

int main(void)
{
	int failed = 0, passed = 0;
	struct { const char *name; void (*fn)(CXType); int expect_crash; } probes[] = {
		{ "clang_getUnqualifiedType (raw)", raw_unqualified, 1 },
		{ "clang_getNonReferenceType (raw)", raw_non_reference, 1 },
		{ "cal_type_unqualified", checked_unqualified, 0 },
		{ "cal_type_non_reference", checked_non_reference, 0 },
		{ "checked accessor chain", checked_chain, 0 },
	};

	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		int got = crashes(probes[i].fn);

		if (got != probes[i].expect_crash) {
			fprintf(stderr, "FAIL: %s on an invalid type: %s\n", probes[i].name,
				got ? "crashed" : "did not crash (libclang changed: update ast.h)");
			failed++;
		} else {
			passed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
