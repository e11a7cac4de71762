/*
 * Unit tests for cal_file_contents() reading texts from the disk
 * (src/parse/ast.c): the text is clang's wherever the file on the disk may
 * not hold what clang read (changed since the parse began, another file
 * under the name), and the disk's, byte for byte the same, where it does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "parse/ast.h"
#include "test.h"

static const char first[] = "int first_version(void) { return 1; }\n";
static const char second[] = "int other_version(void) { return 2; }\n";

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	int ok = f && fputs(text, f) >= 0;

	if (f && fclose(f))
		ok = 0;
	return ok;
}

static CXTranslationUnit parse(CXIndex index, const char *path)
{
	static const char *const args[] = { "-x", "c", "-fsyntax-only" };
	CXTranslationUnit tu = NULL;

	EXPECT(clang_parseTranslationUnit2(index, path, args, 3, NULL, 0, 0, &tu) ==
	       CXError_Success);
	return tu;
}

/* A parse start this many seconds from now: the file "unchanged since" by far. */
static struct timespec start_in(long seconds)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += seconds;
	return t;
}

static const char *text_of(CXTranslationUnit tu, const char *path, size_t *size)
{
	CXFile file = clang_getFile(tu, path);

	return file ? cal_file_contents(tu, file, size) : NULL;
}

/* Unchanged on the disk: the disk's copy, the same bytes as clang's buffer. */
static void test_unchanged(CXIndex index, const char *path)
{
	CXTranslationUnit tu;
	struct timespec start = start_in(60);
	const char *clang_text, *text;
	size_t clang_size = 0, size = 0;

	EXPECT(write_file(path, first));
	tu = parse(index, path);
	if (!tu)
		return;
	clang_text = clang_getFileContents(tu, clang_getFile(tu, path), &clang_size);
	cal_file_texts_from_disk(tu, &start);
	text = text_of(tu, path, &size);
	EXPECT(text && text != clang_text);
	EXPECT(size == clang_size && text && !memcmp(text, clang_text, size) && !text[size]);
	EXPECT(text_of(tu, path, &size) == text);	/* remembered */
	cal_dispose_tu(tu);	/* frees the disk's copy (LSan) */
}

/*
 * Parse path holding first, let change() alter the disk (other: a spare
 * name), register the parse as begun start_s seconds from now: the text
 * must be what clang parsed.
 */
static void expect_parsed_text(CXIndex index, const char *path, const char *other, long start_s,
			       int (*change)(const char *path, const char *other))
{
	CXTranslationUnit tu;
	struct timespec start = start_in(start_s);
	const char *text;
	size_t size = 0;

	EXPECT(write_file(path, first));
	tu = parse(index, path);
	if (!tu)
		return;
	EXPECT(change(path, other));
	cal_file_texts_from_disk(tu, &start);
	text = text_of(tu, path, &size);
	EXPECT(text && size == strlen(first) && !memcmp(text, first, size));
	cal_dispose_tu(tu);
}

static int rewrite_in_place(const char *path, const char *other)
{
	(void)other;
	return write_file(path, second);	/* same length, other bytes */
}

static int rename_over(const char *path, const char *other)
{
	return write_file(other, second) && !rename(other, path);
}

/* Changed after the parse began: clang's buffer, which holds what was parsed. */
static void test_changed(CXIndex index, const char *path)
{
	expect_parsed_text(index, path, NULL, 0, rewrite_in_place);
}

/* Another file under the name (renamed over it), however old: not the file clang read. */
static void test_replaced(CXIndex index, const char *path, const char *other)
{
	expect_parsed_text(index, path, other, 60, rename_over);
}

/* Not registered (unsaved buffers, a kept parse): clang's buffer. */
static void test_unregistered(CXIndex index, const char *path)
{
	CXTranslationUnit tu;
	const char *clang_text;
	size_t size = 0;

	EXPECT(write_file(path, first));
	tu = parse(index, path);
	if (!tu)
		return;
	clang_text = clang_getFileContents(tu, clang_getFile(tu, path), NULL);
	EXPECT(text_of(tu, path, &size) == clang_text);
	cal_dispose_tu(tu);
}

int main(void)
{
	char dir[] = "/tmp/cuatomlint-texts-XXXXXX";
	char path[64], other[64];
	CXIndex index;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof(path), "%s/a.c", dir);
	snprintf(other, sizeof(other), "%s/b.c", dir);
	index = clang_createIndex(0, 0);
	test_unchanged(index, path);
	test_changed(index, path);
	test_replaced(index, path, other);
	test_unregistered(index, path);
	clang_disposeIndex(index);
	unlink(path);
	unlink(other);
	rmdir(dir);
	return test_summary("test_file_texts");
}
