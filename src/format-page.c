/* format-page.c - the output formats as one table: each format's name, the
 * extension of its files, the commands that take it and the extensions
 * that make the inspector's save write it. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "format.h"

static const struct format_entry formats[] = {
	{ "text", FORMAT_TEXT, "txt", "extract", "", NULL },
	{ "tsv", FORMAT_TSV, "tsv", "dump histogram", NULL, NULL },
	{ "json", FORMAT_JSON, "json", "extract dump", NULL, NULL },
	{ "markdown", FORMAT_MARKDOWN, "md", "extract", ".md .markdown", "Markdown" },
	{ "html", FORMAT_HTML, "html", "extract", ".html .htm", "HTML" },
	{ "wet", FORMAT_WET, "warc", "extract", NULL, NULL },
	{ "svg", FORMAT_SVG, "svg", "histogram", NULL, NULL },
};
#define NFORMATS (sizeof formats / sizeof formats[0])

/* Whether the space-separated LIST holds WORD (N bytes) */
static bool
word_in(const char *list, const char *word, size_t n)
{
	for (const char *s = list; *s;) {
		size_t k = strcspn(s, " ");
		if (k == n && !strncasecmp(s, word, n))
			return true;
		s += k;
		s += strspn(s, " ");
	}
	return false;
}

/* Whether command takes format k */
static bool
takes(const char *command, size_t k)
{
	return word_in(formats[k].commands, command, strlen(command));
}

const struct format_entry *
format_find(const char *command, const char *name)
{
	for (size_t k = 0; k < NFORMATS; k++)
		if (!strcmp(formats[k].name, name) && takes(command, k))
			return &formats[k];
	return NULL;
}

const char *
format_list(const char *command, char *out, size_t len)
{
	size_t n = 0, total = 0;
	for (size_t k = 0; k < NFORMATS; k++)
		total += takes(command, k);
	out[0] = '\0';
	for (size_t k = 0, at = 0; k < NFORMATS && at < len; k++) {
		if (!takes(command, k))
			continue;
		n++;
		int w = snprintf(out + at, len - at, "%s%s", n == 1 ? "" : n == total ? " or " : ", ",
				 formats[k].name);
		if (w < 0)
			break;
		at += (size_t)w;
	}
	return out;
}

const struct format_entry *
format_entry(enum format f)
{
	for (size_t k = 0; k < NFORMATS; k++)
		if (formats[k].format == f)
			return &formats[k];
	return &formats[0];
}

enum format
format_of_path(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot = strrchr(base ? base + 1 : path, '.');
	if (dot)
		for (size_t k = 0; k < NFORMATS; k++)
			if (formats[k].save_exts && word_in(formats[k].save_exts, dot, strlen(dot)))
				return formats[k].format;
	return FORMAT_TEXT;
}
