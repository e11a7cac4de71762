/*
 * tree-sitter helpers and the name resolver of the cuTile front end.
 *
 * The resolver knows what the file shows: "import cuda.tile as ct",
 * "import cuda.tile", "from cuda.tile import atomic_cas, MemoryOrder as MO",
 * "from cuda import tile".  ct_resolve() names an expression relative to
 * cuda.tile: "" for the module, "atomic_cas", "MemoryOrder.RELAXED"; NULL
 * if the expression is not (as far as the file shows) cuda.tile's.
 */
#ifndef CUATOMLINT_CUTILE_TREE_H
#define CUATOMLINT_CUTILE_TREE_H

#include <stddef.h>
#include <tree_sitter/api.h>

#define CT_MAX_NAMES 64
#define CT_NAME_LEN 128

struct ct_binding {
	char local[CT_NAME_LEN];	/* the name in this file */
	char member[CT_NAME_LEN];	/* what it is in cuda.tile ("" = the module) */
};

struct ct_file {
	const char *path;
	const char *src;
	size_t len;
	TSTree *tree;
	struct ct_binding names[CT_MAX_NAMES];
	int nr_names;
	int dotted_import;		/* "import cuda.tile": cuda.tile.X works */
};

/* Parse text; 0 on success.  ct_file_release() frees the tree. */
int ct_file_parse(struct ct_file *f, const char *path, const char *text, size_t len);
void ct_file_release(struct ct_file *f);
/* Fill the resolver's bindings from the module's import statements. */
void ct_resolve_imports(struct ct_file *f);

int ct_is(TSNode n, const char *type);
TSNode ct_field(TSNode n, const char *field);
/* Does n's text equal s? */
int ct_text_is(const struct ct_file *f, TSNode n, const char *s);
/* n's text into buf (cut to size); returns buf. */
char *ct_text(const struct ct_file *f, TSNode n, char *buf, size_t size);
/*
 * What n names in cuda.tile, into buf; returns buf, or NULL if n is not
 * cuda.tile's (as far as the file shows).
 */
const char *ct_resolve(const struct ct_file *f, TSNode n, char *buf, size_t size);
/* Is n a call of cuda.tile's member? */
int ct_is_call_of(const struct ct_file *f, TSNode n, const char *member);
/* Inside a call's argument list: the keyword argument named name, or null. */
TSNode ct_keyword_arg(const struct ct_file *f, TSNode call, const char *name);
/* The i-th positional argument (0-based), or a null node. */
TSNode ct_positional_arg(TSNode call, unsigned i);
/* A name in this file that means the cuda.tile module, or NULL. */
const char *ct_module_name(const struct ct_file *f);
/* Strip parentheses. */
TSNode ct_unparen(TSNode n);

#endif
