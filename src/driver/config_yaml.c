#include "driver/config_yaml.h"

#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "cuatomlint/strbuf.h"
#include "util/diag.h"

/* Aliases may point back up the tree or fan out (billion laughs): bound both. */
#define MAX_DEPTH 64
#define MAX_NODES 100000

struct converter {
	yaml_document_t *doc;
	long nodes_left;
	int too_big;
};

static cJSON *convert(struct converter *cv, yaml_node_t *node, int depth);

static int is_word(const yaml_node_t *n, const char *const *words)
{
	size_t len = n->data.scalar.length;
	for (; *words; words++)
		if (strlen(*words) == len && !memcmp(*words, n->data.scalar.value, len))
			return 1;
	return 0;
}

static cJSON *scalar(const yaml_node_t *n)
{
	static const char *const yes[] = { "true", "True", "TRUE", NULL };
	static const char *const no[] = { "false", "False", "FALSE", NULL };
	static const char *const null[] = { "null", "Null", "NULL", "~", "", NULL };
	char *text;
	cJSON *v;

	if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
		if (is_word(n, yes))
			return cJSON_CreateTrue();
		if (is_word(n, no))
			return cJSON_CreateFalse();
		if (is_word(n, null))
			return cJSON_CreateNull();
	}
	text = xstrndup((const char *)n->data.scalar.value, n->data.scalar.length);
	v = cJSON_CreateString(text);
	free(text);
	return v;
}

static cJSON *sequence(struct converter *cv, yaml_node_t *n, int depth)
{
	cJSON *list = cJSON_CreateArray(), *item;
	yaml_node_item_t *i;

	for (i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
		if ((item = convert(cv, yaml_document_get_node(cv->doc, *i), depth + 1)) == NULL) {
			cJSON_Delete(list);
			return NULL;
		}
		cJSON_AddItemToArray(list, item);
	}
	return list;
}

static cJSON *mapping(struct converter *cv, yaml_node_t *n, int depth)
{
	cJSON *map = cJSON_CreateObject(), *value;
	yaml_node_pair_t *pair;

	for (pair = n->data.mapping.pairs.start; pair < n->data.mapping.pairs.top; pair++) {
		yaml_node_t *key = yaml_document_get_node(cv->doc, pair->key);
		char *name;
		if (!key || key->type != YAML_SCALAR_NODE ||
		    (value = convert(cv, yaml_document_get_node(cv->doc, pair->value), depth + 1)) == NULL) {
			cJSON_Delete(map);
			return NULL;
		}
		name = xstrndup((const char *)key->data.scalar.value, key->data.scalar.length);
		cJSON_AddItemToObject(map, name, value);
		free(name);
	}
	return map;
}

static cJSON *convert(struct converter *cv, yaml_node_t *node, int depth)
{
	if (!node || depth > MAX_DEPTH || --cv->nodes_left < 0) {
		cv->too_big = node != NULL;
		return NULL;
	}
	switch (node->type) {
	case YAML_SCALAR_NODE:
		return scalar(node);
	case YAML_SEQUENCE_NODE:
		return sequence(cv, node, depth);
	case YAML_MAPPING_NODE:
		return mapping(cv, node, depth);
	default:
		return NULL;
	}
}

static unsigned json_error_line(const char *text, size_t len)
{
	const char *at = cJSON_GetErrorPtr(), *p;
	unsigned line = 1;

	for (p = text; at && p < text + len && p < at; p++)
		line += *p == '\n';
	return line;
}

/* libyaml's 0-based line, where an error at the end of the text counts a line past it */
static unsigned long last_line(const char *text, size_t len, size_t mark)
{
	unsigned long lines = 1;
	size_t i;

	for (i = 0; i + 1 < len; i++)
		lines += text[i] == '\n';
	return mark + 1 < lines ? (unsigned long)mark + 1 : lines;
}

static size_t skip_space(const char *text, size_t len, size_t i)
{
	while (i < len && text[i] && strchr(" \t\r\n", text[i]))
		i++;
	return i;
}

/* JSON quotes its keys, YAML's flow style ({Checks: '-*'}) need not. */
static int meant_as_json(const char *text, size_t len)
{
	size_t i = skip_space(text, len, 0);
	return i < len && text[i] == '{' && (i = skip_space(text, len, i + 1)) < len &&
	       text[i] == '"';
}

cJSON *cal_yaml_to_json(const char *path, const char *text, size_t len)
{
	unsigned json_line = json_error_line(text, len);
	struct converter cv = { NULL, MAX_NODES, 0 };
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *root;
	cJSON *tree = NULL;

	if (meant_as_json(text, len)) {
		cal_error("%s:%u: invalid JSON in config file", path,
			json_line);
		return NULL;
	}
	if (!yaml_parser_initialize(&parser))
		return NULL;
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		cal_error("%s:%lu: invalid YAML in config file: %s",
			path, last_line(text, len, parser.problem_mark.line),
			parser.problem ? parser.problem : "unreadable");
		yaml_parser_delete(&parser);
		return NULL;
	}
	cv.doc = &doc;
	root = yaml_document_get_root_node(&doc);
	/* an empty file (or comments only) sets nothing */
	tree = root ? convert(&cv, root, 0) : cJSON_CreateObject();
	if (!tree)
		cal_error("%s:1: %s in config file", path,
			cv.too_big ? "YAML aliases nested or expanded too far" :
				     "a YAML map key that is not plain text");
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	return tree;
}
