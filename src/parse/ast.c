#include "parse/ast.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"

char *cal_take_string(CXString s)
{
	const char *c = clang_getCString(s);
	char *copy = xstrdup(c ? c : "");
	clang_disposeString(s);
	return copy;
}

char *cal_cursor_name(CXCursor c)
{
	return cal_take_string(clang_getCursorSpelling(c));
}

int cal_type_valid(CXType t)
{
	return t.kind != CXType_Invalid && t.data[0] != NULL;
}

CXType cal_type_unqualified(CXType t)
{
	return cal_type_valid(t) ? clang_getUnqualifiedType(t) : t;
}

CXType cal_type_non_reference(CXType t)
{
	return cal_type_valid(t) ? clang_getNonReferenceType(t) : t;
}

char *cal_type_name(CXType t)
{
	return cal_take_string(clang_getTypeSpelling(t));
}

int cal_cursor_name_is(CXCursor c, const char *name)
{
	CXString s = clang_getCursorSpelling(c);
	const char *p = clang_getCString(s);
	int r = p && !strcmp(p, name);
	clang_disposeString(s);
	return r;
}

int cal_cursor_name_starts(CXCursor c, const char *prefix)
{
	CXString s = clang_getCursorSpelling(c);
	const char *p = clang_getCString(s);
	int r = p && !strncmp(p, prefix, strlen(prefix));
	clang_disposeString(s);
	return r;
}

char *cal_file_name(CXFile file)
{
	return path_normalize(cal_take_string(clang_getFileName(file)));
}

int cal_pos_from_location(CXSourceLocation loc, struct cal_pos *out)
{
	CXFile file;
	unsigned line, column, offset;

	clang_getExpansionLocation(loc, &file, &line, &column, &offset);
	if (!file)
		return -1;
	out->file = cal_file_name(file);
	out->line = line;
	out->column = column;
	out->offset = offset;
	return 0;
}

int cal_range_from_extent(CXSourceRange r, struct cal_range *out)
{
	memset(out, 0, sizeof(*out));
	if (cal_pos_from_location(clang_getRangeStart(r), &out->begin) < 0)
		return -1;
	if (cal_pos_from_location(clang_getRangeEnd(r), &out->end) < 0 ||
	    strcmp(out->end.file, out->begin.file) ||
	    out->end.offset < out->begin.offset) {
		free(out->end.file);
		out->end = out->begin;
		out->end.file = xstrdup(out->begin.file);
	}
	return 0;
}

int cal_cursor_in_system_header(CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file;
	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	return !file || clang_Location_isInSystemHeader(loc);
}

int cal_is_function_kind(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
	       k == CXCursor_Constructor || k == CXCursor_Destructor ||
	       k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

#define GLOBAL_BIT 4

static enum CXChildVisitResult space_visitor(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	int *space = data;
	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_CUDAGlobalAttr: *space |= GLOBAL_BIT; break;
	case CXCursor_CUDADeviceAttr: *space |= CAL_SPACE_DEVICE; break;
	case CXCursor_CUDAHostAttr: *space |= CAL_SPACE_HOST; break;
	default: break;
	}
	return CXChildVisit_Continue;
}

enum cal_space cal_function_space(CXCursor fn)
{
	int space = 0;
	clang_visitChildren(fn, space_visitor, &space);
	if (space & GLOBAL_BIT)
		return CAL_SPACE_GLOBAL;
	return space ? (enum cal_space)space : CAL_SPACE_HOST;
}

static enum CXChildVisitResult shared_visitor(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CUDASharedAttr) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

int cal_var_is_shared(CXCursor var)
{
	int shared = 0;
	clang_visitChildren(var, shared_visitor, &shared);
	return shared;
}

CXCursor cal_call_callee(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);
	if (clang_Cursor_isNull(ref) || !cal_is_function_kind(clang_getCursorKind(ref)))
		return clang_getNullCursor();
	return ref;
}

/*
 * An instantiation keeps its pattern's location; an explicit
 * specialization, written by the user, has its own.
 */
int cal_is_instantiation(CXCursor fn)
{
	CXCursor pattern;

	if (!cal_is_function_kind(clang_getCursorKind(fn)))
		return 0;
	pattern = clang_getSpecializedCursorTemplate(fn);
	return !clang_Cursor_isNull(pattern) &&
	       clang_equalLocations(clang_getCursorLocation(fn), clang_getCursorLocation(pattern));
}

struct nth_child {
	int want, seen;
	CXCursor found;
};

static enum CXChildVisitResult nth_visitor(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct nth_child *n = data;
	(void)parent;
	if (n->seen++ == n->want) {
		n->found = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

CXCursor cal_child(CXCursor c, int n)
{
	struct nth_child st = { n, 0, clang_getNullCursor() };
	clang_visitChildren(c, nth_visitor, &st);
	return st.found;
}

int cal_nr_children(CXCursor c)
{
	struct nth_child st = { -1, 0, clang_getNullCursor() };
	clang_visitChildren(c, nth_visitor, &st);
	return st.seen;
}

struct child_list {
	CXCursor *out;
	int max, seen;
};

static enum CXChildVisitResult list_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct child_list *l = data;

	(void)parent;
	if (l->seen < l->max)
		l->out[l->seen] = c;
	return ++l->seen > l->max ? CXChildVisit_Break : CXChildVisit_Continue;
}

int cal_children(CXCursor c, CXCursor *out, int max)
{
	struct child_list l = { out, max, 0 };

	clang_visitChildren(c, list_visitor, &l);
	return l.seen;
}

static enum CXChildVisitResult body_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

CXCursor cal_function_body(CXCursor fn)
{
	CXCursor body = clang_getNullCursor();

	clang_visitChildren(fn, body_visitor, &body);
	return body;
}

/*
 * Open addressing (null cursors are not added).  Each slot keeps its
 * cursor's hash: a probe compares those first, and clang_equalCursors, a
 * call into libclang, runs only on a match (equal cursors hash alike).
 */
static unsigned cursor_tag(CXCursor c)
{
	return clang_hashCursor(c) | 1u;
}

static size_t set_find(const struct cal_cursor_set *s, CXCursor c, unsigned tag)
{
	size_t i = (size_t)(tag >> 1) & (s->size - 1);

	while (s->tag[i] && !(s->tag[i] == tag && clang_equalCursors(s->slot[i], c)))
		i = (i + 1) & (s->size - 1);
	return i;
}

int cal_cursor_set_has(const struct cal_cursor_set *s, CXCursor c)
{
	return s->size && !clang_Cursor_isNull(c) && s->tag[set_find(s, c, cursor_tag(c))];
}

static void set_grow(struct cal_cursor_set *s)
{
	struct cal_cursor_set big = { NULL, NULL, 0, s->size ? s->size * 2 : 64 };
	size_t i, at;

	big.slot = xcalloc(big.size, sizeof(*big.slot));
	big.tag = xcalloc(big.size, sizeof(*big.tag));
	for (i = 0; i < s->size; i++) {
		if (!s->tag[i])
			continue;
		/* the cursors are distinct: the first free slot of the chain */
		at = (size_t)(s->tag[i] >> 1) & (big.size - 1);
		while (big.tag[at])
			at = (at + 1) & (big.size - 1);
		big.slot[at] = s->slot[i];
		big.tag[at] = s->tag[i];
	}
	big.nr = s->nr;
	free(s->slot);
	free(s->tag);
	*s = big;
}

void cal_cursor_set_add(struct cal_cursor_set *s, CXCursor c)
{
	unsigned tag;
	size_t i;

	if (clang_Cursor_isNull(c))
		return;
	if (2 * (s->nr + 1) > s->size)	/* at most half full */
		set_grow(s);
	tag = cursor_tag(c);
	i = set_find(s, c, tag);
	if (!s->tag[i]) {
		s->slot[i] = c;
		s->tag[i] = tag;
		s->nr++;
	}
}

void cal_cursor_set_release(struct cal_cursor_set *s)
{
	free(s->slot);
	free(s->tag);
	memset(s, 0, sizeof(*s));
}

struct cal_file_slot {
	unsigned long long device, inode;
	int value;		/* -1: free */
};

static int file_key(CXFile file, unsigned long long *device, unsigned long long *inode)
{
	CXFileUniqueID id;

	if (!file || clang_getFileUniqueID(file, &id))
		return -1;
	*device = id.data[0];
	*inode = id.data[1];
	return 0;
}

static size_t file_map_find(const struct cal_file_map *m, unsigned long long device,
			    unsigned long long inode)
{
	unsigned long long h = (inode * 0x9e3779b97f4a7c15ull) ^ device;
	size_t i = (size_t)(h ^ (h >> 29)) & (m->size - 1);

	while (m->slot[i].value >= 0 && !(m->slot[i].device == device && m->slot[i].inode == inode))
		i = (i + 1) & (m->size - 1);
	return i;
}

int cal_file_map_get(const struct cal_file_map *m, CXFile file)
{
	unsigned long long device, inode;

	if (!m->size || file_key(file, &device, &inode) < 0)
		return -1;
	return m->slot[file_map_find(m, device, inode)].value;
}

static void file_map_grow(struct cal_file_map *m)
{
	struct cal_file_map big = { NULL, m->nr, m->size ? m->size * 2 : 64 };
	size_t i;

	big.slot = xcalloc(big.size, sizeof(*big.slot));
	for (i = 0; i < big.size; i++)
		big.slot[i].value = -1;
	for (i = 0; i < m->size; i++)
		if (m->slot[i].value >= 0)
			big.slot[file_map_find(&big, m->slot[i].device, m->slot[i].inode)] =
				m->slot[i];
	free(m->slot);
	*m = big;
}

void cal_file_map_put(struct cal_file_map *m, CXFile file, int value)
{
	unsigned long long device, inode;
	struct cal_file_slot *s;

	if (value < 0 || file_key(file, &device, &inode) < 0)
		return;
	if (2 * (m->nr + 1) > m->size)	/* at most half full */
		file_map_grow(m);
	s = &m->slot[file_map_find(m, device, inode)];
	if (s->value < 0)
		m->nr++;
	*s = (struct cal_file_slot){ device, inode, value };
}

void cal_file_map_release(struct cal_file_map *m)
{
	free(m->slot);
	memset(m, 0, sizeof(*m));
}

CXCursor cal_ignore_wrappers(CXCursor e)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(e);
		if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) &&
		    cal_nr_children(e) == 1)
			e = cal_child(e, 0);
		else
			return e;
	}
}

int cal_is_cast_kind(enum CXCursorKind k)
{
	return k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
	       k == CXCursor_CXXReinterpretCastExpr || k == CXCursor_CXXConstCastExpr ||
	       k == CXCursor_CXXFunctionalCastExpr;
}

CXCursor cal_base_variable(CXCursor e)
{
	for (int guard = 0; guard < 64; guard++) {
		enum CXCursorKind k;
		e = cal_ignore_wrappers(e);
		k = clang_getCursorKind(e);
		if (k == CXCursor_DeclRefExpr) {
			CXCursor d = clang_getCursorReferenced(e);
			enum CXCursorKind dk = clang_getCursorKind(d);
			if (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl)
				return d;
			break;
		}
		if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr ||
		    k == CXCursor_UnaryOperator) {
			if (cal_nr_children(e) < 1)
				break;
			e = cal_child(e, 0);
		} else if (cal_is_cast_kind(k)) {
			/* a cast's children start with the TypeRef of its target */
			int n = cal_nr_children(e);
			if (n < 1)
				break;
			e = cal_child(e, n - 1);
		} else {
			break;
		}
	}
	return clang_getNullCursor();
}

int cal_type_is_volatile(CXType t)
{
	if (clang_isVolatileQualifiedType(t))
		return 1;
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
		return clang_isVolatileQualifiedType(clang_getPointeeType(t));
	return 0;
}

/*
 * (translation unit, file) -> text and system-ness, for every file a parse
 * asks about: clang_getFileContents and clang_getLocationForOffset find the
 * file's id by a linear search of the parse's source entries (every macro
 * expansion is one), so a template library's hundreds of user headers,
 * read again at each cursor, made a small cache thrash.  Open addressing;
 * a mutex, as parses may run in threads.  Full, it is emptied: the texts
 * are clang's, only looked up here.
 */
#define FILE_CACHE_SIZE 4096

static struct file_text {
	CXTranslationUnit tu;
	CXFile file;
	const char *text;
	size_t size;
	int system;		/* 0 not asked, 1 a user file, 2 a system header */
} file_cache[FILE_CACHE_SIZE];
static size_t file_cache_nr;
static pthread_mutex_t file_cache_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t file_cache_slot(CXTranslationUnit tu, CXFile file)
{
	uintptr_t h = ((uintptr_t)tu >> 4) * 31 + ((uintptr_t)file >> 4);

	h ^= h >> 17;
	h *= 0x9e3779b97f4a7c15u;
	return (size_t)(h >> 20) & (FILE_CACHE_SIZE - 1);
}

/* The entry of (tu, file), or the free slot where it would go. */
static struct file_text *file_cache_probe(CXTranslationUnit tu, CXFile file)
{
	size_t i = file_cache_slot(tu, file);

	while (file_cache[i].tu && !(file_cache[i].tu == tu && file_cache[i].file == file))
		i = (i + 1) & (FILE_CACHE_SIZE - 1);
	return &file_cache[i];
}

static struct file_text *file_cache_find(CXTranslationUnit tu, CXFile file)
{
	struct file_text *e = file_cache_probe(tu, file);

	return e->tu ? e : NULL;
}

static void file_cache_add(CXTranslationUnit tu, CXFile file, const char *text, size_t size)
{
	struct file_text *e;

	if (4 * (file_cache_nr + 1) > 3 * FILE_CACHE_SIZE) {
		memset(file_cache, 0, sizeof(file_cache));
		file_cache_nr = 0;
	}
	e = file_cache_probe(tu, file);
	if (e->tu)
		return;
	*e = (struct file_text){ tu, file, text, size, 0 };
	file_cache_nr++;
}

int cal_file_once(CXFile **files, size_t *nr, size_t *alloc, CXFile file)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if (clang_File_isEqual((*files)[i], file))
			return 0;
	GROW(*files, *alloc, *nr + 1);
	(*files)[(*nr)++] = file;
	return 1;
}

/*
 * Parses whose texts may be read from the disk (cal_file_texts_from_disk),
 * with the texts read so far, freed with the parse.  A few at a time: a
 * job's parses, a language server's kept ones.
 */
static struct disk_tu {
	CXTranslationUnit tu;
	struct timespec start;
	char **texts;
	size_t nr, alloc;
} *disk_tus;
static size_t nr_disk_tus, alloc_disk_tus;

static struct disk_tu *disk_tu_find(CXTranslationUnit tu)
{
	size_t i;

	for (i = 0; i < nr_disk_tus; i++)
		if (disk_tus[i].tu == tu)
			return &disk_tus[i];
	return NULL;
}

void cal_file_texts_from_disk(CXTranslationUnit tu, const struct timespec *parse_start)
{
	pthread_mutex_lock(&file_cache_lock);
	if (!disk_tu_find(tu)) {
		GROW(disk_tus, alloc_disk_tus, nr_disk_tus + 1);
		disk_tus[nr_disk_tus++] = (struct disk_tu){ tu, *parse_start, NULL, 0, 0 };
	}
	pthread_mutex_unlock(&file_cache_lock);
}

static void disk_tu_forget(CXTranslationUnit tu)
{
	struct disk_tu *d = disk_tu_find(tu);
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->nr; i++)
		free(d->texts[i]);
	free(d->texts);
	*d = disk_tus[--nr_disk_tus];
}

/*
 * Margin between a file's last change and the parse's start: a file
 * system's times are coarse (the kernel's clock tick; FAT's two seconds),
 * so a change just after the start can carry a time just before it.
 */
#define DISK_TEXT_MARGIN_S 2

/* Did st's file last change before the parse began, by the margin? */
static int unchanged_since(const struct stat *st, const struct timespec *start)
{
	return st->st_ctim.tv_sec + DISK_TEXT_MARGIN_S < start->tv_sec;
}

static char *read_whole(int fd, size_t size)
{
	char *text = xcalloc(size + 1, 1);
	size_t got = 0;
	ssize_t n;

	while (got < size && (n = read(fd, text + got, size - got)) > 0)
		got += (size_t)n;
	if (got != size) {
		free(text);
		return NULL;
	}
	text[size] = '\0';	/* as clang's buffers are */
	return text;
}

/*
 * The text of file as clang read it, from the disk: the same file (device
 * and inode, as clang identified it), unchanged (its ctime, which no
 * program sets, before the parse began) before and after the read.
 * NULL where that cannot be shown: clang's own buffer is then asked.
 */
static char *disk_text(CXFile file, const struct timespec *start, size_t *size)
{
	CXFileUniqueID id;
	struct stat before, after;
	char *name, *text = NULL;
	int fd;

	if (clang_getFileUniqueID(file, &id))
		return NULL;
	name = cal_take_string(clang_getFileName(file));
	fd = open(name, O_RDONLY | O_CLOEXEC);
	free(name);
	if (fd < 0)
		return NULL;
	if (!fstat(fd, &before) && S_ISREG(before.st_mode) &&
	    (unsigned long long)before.st_dev == id.data[0] &&
	    (unsigned long long)before.st_ino == id.data[1] && unchanged_since(&before, start))
		text = read_whole(fd, (size_t)before.st_size);
	if (text && (fstat(fd, &after) || after.st_size != before.st_size ||
		     !unchanged_since(&after, start))) {
		free(text);
		text = NULL;
	}
	close(fd);
	if (text)
		*size = (size_t)before.st_size;
	return text;
}

/*
 * libclang finds the buffer of file by a linear search of the source
 * manager's entries (every macro expansion is one): a template library's
 * hundreds of headers cost a tenth of the arch replay that way.  A parse
 * registered for it reads them from the disk instead.
 */
static const char *first_text(CXTranslationUnit tu, CXFile file, size_t *size)
{
	struct timespec start;
	struct disk_tu *d;
	char *text;
	int from_disk;

	pthread_mutex_lock(&file_cache_lock);
	d = disk_tu_find(tu);
	from_disk = d != NULL;
	if (d)
		start = d->start;
	pthread_mutex_unlock(&file_cache_lock);
	if (!from_disk || !(text = disk_text(file, &start, size)))
		return clang_getFileContents(tu, file, size);
	pthread_mutex_lock(&file_cache_lock);
	d = disk_tu_find(tu);
	GROW(d->texts, d->alloc, d->nr + 1);
	d->texts[d->nr++] = text;
	pthread_mutex_unlock(&file_cache_lock);
	return text;
}

const char *cal_file_contents(CXTranslationUnit tu, CXFile file, size_t *size)
{
	struct file_text *e;
	const char *text;
	size_t n = 0;

	if (!tu || !file)
		return clang_getFileContents(tu, file, size);
	pthread_mutex_lock(&file_cache_lock);
	e = file_cache_find(tu, file);
	if (e) {
		text = e->text;
		n = e->size;
		pthread_mutex_unlock(&file_cache_lock);
		if (size)
			*size = n;
		return text;
	}
	pthread_mutex_unlock(&file_cache_lock);
	text = first_text(tu, file, &n);
	if (text) {
		pthread_mutex_lock(&file_cache_lock);
		file_cache_add(tu, file, text, n);
		pthread_mutex_unlock(&file_cache_lock);
	}
	if (size)
		*size = n;
	return text;
}

int cal_file_is_system(CXTranslationUnit tu, CXFile file)
{
	struct file_text *e;
	int system = 0;

	if (!cal_file_contents(tu, file, NULL))
		return clang_Location_isInSystemHeader(clang_getLocationForOffset(tu, file, 0));
	pthread_mutex_lock(&file_cache_lock);
	e = file_cache_find(tu, file);
	if (e)
		system = e->system;
	pthread_mutex_unlock(&file_cache_lock);
	if (system)
		return system == 2;
	system = clang_Location_isInSystemHeader(clang_getLocationForOffset(tu, file, 0)) ? 2 : 1;
	pthread_mutex_lock(&file_cache_lock);
	e = file_cache_find(tu, file);
	if (e)
		e->system = system;
	pthread_mutex_unlock(&file_cache_lock);
	return system == 2;
}

/* Drop tu's entries: the others are put back, so no probe runs into a hole. */
void cal_file_contents_forget(CXTranslationUnit tu)
{
	static struct file_text kept[FILE_CACHE_SIZE];
	size_t i, nr = 0;

	pthread_mutex_lock(&file_cache_lock);
	disk_tu_forget(tu);
	for (i = 0; i < FILE_CACHE_SIZE; i++)
		if (file_cache[i].tu && file_cache[i].tu != tu)
			kept[nr++] = file_cache[i];
	if (nr != file_cache_nr) {
		memset(file_cache, 0, sizeof(file_cache));
		for (i = 0; i < nr; i++)
			*file_cache_probe(kept[i].tu, kept[i].file) = kept[i];
		file_cache_nr = nr;
	}
	pthread_mutex_unlock(&file_cache_lock);
}

void cal_dispose_tu(CXTranslationUnit tu)
{
	cal_file_contents_forget(tu);
	clang_disposeTranslationUnit(tu);
}

static _Thread_local int dispose_deferred;
static _Thread_local CXTranslationUnit dispose_waiting;

void cal_dispose_pending(void)
{
	if (dispose_waiting)
		cal_dispose_tu(dispose_waiting);
	dispose_waiting = NULL;
}

void cal_dispose_defer(int on)
{
	dispose_deferred = on;
	if (!on)
		cal_dispose_pending();
}

void cal_dispose_tu_later(CXTranslationUnit tu)
{
	cal_dispose_pending();
	if (dispose_deferred)
		dispose_waiting = tu;
	else
		cal_dispose_tu(tu);
}
