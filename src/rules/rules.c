/* rules.c - ftr site-config files with pith_ directives: read, save, check
 * and match (rules-apply.c applies them, rules-export.c converts them,
 * rules-write.c writes them from the inspector). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "rules/rules.h"
#include "rules/rules-int.h"
#include "file.h"
#include "walk.h"

/* ---- reading ---- */

/* Release what a line owns. */
static void
line_free(struct rule_line *l)
{
	free(l->src);
	free(l->name);
	free(l->arg);
	free(l->value);
	free(l->raw);
}

/* ftr's yes/no directives (graby also takes "true"/"false"). */
static const char *const bool_names[] = {
	"prune", "tidy", "autodetect_on_failure", "requires_login",
	"skip_json_ld", "insert_detected_image", "strip_comments",
	"convert_double_br_tags", "autodetect_next_page", "footnotes",
};

/* Directives whose values are XPath expressions. */
static const char *const xpath_names[] = {
	"title", "body", "strip", "strip_attr", "date", "author",
	"single_page_link", "single_page_link_in_feed", "next_page_link",
	"native_ad_clue", "not_logged_in_xpath", "if_page_contains",
	"dissolve", "move_into", "wrap_in", "post_strip_attr",
	"pith_pin", "pith_unpin",
};

static const char *const pith_names[] = {
	"pith_algo", "pith_set", "pith_pin", "pith_unpin", "pith_path_prefix",
	"pith_test_file",
};

static bool
in_list(const char *const *list, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return true;
	return false;
}
#define IN(list, s) in_list(list, sizeof list / sizeof *list, s)

void
rules_report(rules_diag diag, void *ctx, int *nerrors, const char *file, int line,
	     const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (nerrors)
		(*nerrors)++;
	if (diag)
		diag(ctx, file ? file : "-", line, msg);
}

static char *
trimmed_dup(const char *s, size_t n)
{
	while (n > 0 && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

static struct rule_line *
new_line(struct rule *r)
{
	/* capacity: 16, then doubling at each power of two */
	if (r->nlines == 0 || (r->nlines >= 16 && !(r->nlines & (r->nlines - 1)))) {
		size_t cap = r->nlines ? (size_t)r->nlines * 2 : 16;
		r->lines = xreallocarray(r->lines, cap, sizeof *r->lines);
	}
	struct rule_line *l = &r->lines[r->nlines++];
	memset(l, 0, sizeof *l);
	return l;
}

/* Split "name(arg): value"; NULL on success or the reason. */
static const char *
split_directive(const char *s, struct rule_line *l)
{
	const char *p = s;
	while (isalnum((unsigned char)*p) || *p == '_' || *p == '-')
		p++;
	if (p == s)
		return "expected 'directive: value'";
	const char *name_end = p;
	const char *arg = NULL, *arg_end = NULL;
	if (*p == '(') {
		/* the first ')' followed by ':' closes it, so the argument may
		 * hold colons (URLs) and parentheses */
		arg = p + 1;
		const char *q = arg;
		for (;;) {
			q = strchr(q, ')');
			if (!q)
				return "unclosed '(' in the directive name";
			const char *c = q + 1;
			while (*c == ' ' || *c == '\t')
				c++;
			if (*c == ':') {
				arg_end = q;
				p = c;
				break;
			}
			q++;
		}
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != ':')
		return "expected 'directive: value' (no ':' after the name)";
	l->name = xstrndup(s, (size_t)(name_end - s));
	l->arg = arg ? xstrndup(arg, (size_t)(arg_end - arg)) : NULL;
	l->value = trimmed_dup(p + 1, strlen(p + 1));
	return NULL;
}

static bool
parse_bool(const char *v, bool *out)
{
	if (!strcasecmp(v, "yes") || !strcasecmp(v, "true")) {
		*out = true;
		return true;
	}
	if (!strcasecmp(v, "no") || !strcasecmp(v, "false")) {
		*out = false;
		return true;
	}
	return false;
}

/* Validate a directive in the context of the lines before it; NULL or a
 * reason (written into buf when it needs formatting). */
static const char *
validate(const struct rule_line *l, bool have_test, bool test_has_file,
	 char *buf, size_t buflen)
{
	const char *n = l->name;
	bool b;
	/* replace_string: with nothing is how ftr files delete a string */
	if (!*l->value && strcmp(n, "replace_string"))
		return "empty value";
	if (IN(bool_names, n) && !parse_bool(l->value, &b)) {
		snprintf(buf, buflen, "%s takes yes or no, not '%s'", n, l->value);
		return buf;
	}
	if (!strcmp(n, "test_contains") && !have_test)
		return "test_contains before any test_url";
	if (!strcmp(n, "test_not_contains") && !have_test)
		return "test_not_contains before any test_url";
	if (!strcmp(n, "pith_test_file")) {
		if (!have_test)
			return "pith_test_file before any test_url";
		if (test_has_file)
			return "a second pith_test_file for one test_url";
	}
	if (!strncmp(n, "pith_", 5) && !IN(pith_names, n)) {
		snprintf(buf, buflen, "unknown pith directive '%s'", n);
		return buf;
	}
	if (!strcmp(n, "pith_algo") && !method_find(l->value)) {
		snprintf(buf, buflen, "unknown method '%s' (%s)", l->value, method_names());
		return buf;
	}
	if (!strcmp(n, "pith_set")) {
		struct params p;
		char err[200];
		params_default(&p);
		if (params_set(&p, l->value, err, sizeof err) < 0) {
			snprintf(buf, buflen, "pith_set: %s", err);
			return buf;
		}
	}
	if (!strcmp(n, "pith_path_prefix") && l->value[0] != '/')
		return "pith_path_prefix must start with '/'";
	return NULL;
}

static char *
host_of_path(const char *path)
{
	if (!path)
		return NULL;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strlen(base);
	if (n > 4 && !strcmp(base + n - 4, ".txt"))
		n -= 4;
	char *h = xstrndup(base, n);
	for (char *c = h; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return h;
}

struct rule *
rule_parse(const char *text, size_t len, const char *path,
	   rules_diag diag, void *ctx, int *nerrors)
{
	struct rule *r = xcalloc(1, sizeof *r);
	r->path = path ? xstrdup(path) : NULL;
	r->host = host_of_path(path);
	if (nerrors)
		*nerrors = 0;
	bool have_test = false, test_has_file = false;
	size_t i = 0;
	int lineno = 0, crlf = 0, lf = 0;
	/* a file of classic Mac line ends (CR alone, and no LF) is lines
	 * too, not one line */
	r->cr_only = len > 0 && !memchr(text, '\n', len) && memchr(text, '\r', len);
	char eol = r->cr_only ? '\r' : '\n';
	while (i < len) {
		size_t j = i;
		while (j < len && text[j] != eol)
			j++;
		lineno++;
		/* the line's bytes and its ending, written back as they were */
		size_t sn = j - i;
		int ncr = 0;
		while (sn > 0 && text[i + sn - 1] == '\r') {
			sn--;
			ncr++;
		}
		crlf += ncr == 1 && j < len;
		lf += ncr == 0 && j < len;
		char *src = xmalloc(sn + 1);
		memcpy(src, text + i, sn);
		src[sn] = '\0';
		/* a NUL inside a line ends it, as it would for ftr's PHP */
		size_t n = strnlen(text + i, j - i);
		/* CRLF, and any further CRs before it: the line is written back
		 * with "\n" and must read the same again */
		while (n > 0 && text[i + n - 1] == '\r')
			n--;
		/* a UTF-8 byte-order mark (an editor's) is no part of the first
		 * directive; src keeps it, so the file is written back whole */
		size_t bom = lineno == 1 && n >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
		char *raw = xstrndup(text + i + bom, n - bom);
		i = j + 1;
		char *t = trimmed_dup(raw, strlen(raw));
		struct rule_line *l = new_line(r);
		l->lineno = lineno;
		l->src = src;
		l->srclen = sn;
		l->ncr = ncr > 255 ? 255 : (uint8_t)ncr;
		l->nl = j < len;
		if (!*t) {
			l->kind = RULE_BLANK;
			l->value = raw;
			free(t);
			continue;
		}
		if (t[0] == '#') {
			l->kind = RULE_COMMENT;
			l->value = raw;
			free(t);
			continue;
		}
		const char *why = split_directive(t, l);
		char buf[400];
		if (!why)
			why = validate(l, have_test, test_has_file, buf, sizeof buf);
		free(t);
		if (why) {
			rules_report(diag, ctx, nerrors, path, lineno, "%s", why);
			free(l->name);
			free(l->arg);
			free(l->value);
			l->name = l->arg = NULL;
			l->kind = RULE_BAD;
			l->value = raw;
			continue;
		}
		l->raw = raw;
		l->kind = RULE_DIRECTIVE;
		if (!strcmp(l->name, "test_url")) {
			have_test = true;
			test_has_file = false;
		} else if (!strcmp(l->name, "pith_test_file")) {
			test_has_file = true;
		}
	}
	/* lines added later end as most of the file's lines do */
	r->crlf = crlf > lf;
	rule_index(r);
	return r;
}

int
rule_read(const char *path, struct rule **out, rules_diag diag, void *ctx,
	  int *nerrors, char *err, size_t errlen)
{
	*out = NULL;
	struct buf b;
	buf_init(&b);
	if (read_file(path, (size_t)1 << 24, &b, err, errlen) < 0) {
		buf_free(&b);
		if (!strncmp(err, "larger", 6))
			snprintf(err, errlen, "larger than 16 MiB: not a rule file");
		return -1;
	}
	if (bytes_look_binary(b.data ? b.data : "", b.len)) {
		buf_free(&b);
		snprintf(err, errlen, "binary file (not a rule file)");
		return -1;
	}
	*out = rule_parse(b.data ? b.data : "", b.len, path, diag, ctx, nerrors);
	buf_free(&b);
	return 0;
}

static void
list_free(struct rule_list *l)
{
	free(l->v);
	free(l->line);
	memset(l, 0, sizeof *l);
}

static void
views_free(struct rule *r)
{
	list_free(&r->title);
	list_free(&r->body);
	list_free(&r->strip);
	list_free(&r->strip_id_or_class);
	list_free(&r->strip_image_src);
	list_free(&r->date);
	list_free(&r->author);
	list_free(&r->pin);
	list_free(&r->unpin);
	list_free(&r->set);
	list_free(&r->path_prefix);
	for (int i = 0; i < r->ntests; i++) {
		free(r->tests[i].contains);
		free(r->tests[i].not_contains);
	}
	free(r->tests);
	r->tests = NULL;
	r->ntests = 0;
}

void
rule_free(struct rule *r)
{
	if (!r)
		return;
	views_free(r);
	for (int i = 0; i < r->nlines; i++)
		line_free(&r->lines[i]);
	free(r->lines);
	free(r->path);
	free(r->host);
	free(r);
}

static void
list_add(struct rule_list *l, const char *v, int line)
{
	l->v = xreallocarray(l->v, (size_t)l->n + 1, sizeof *l->v);
	l->line = xreallocarray(l->line, (size_t)l->n + 1, sizeof *l->line);
	l->v[l->n] = v;
	l->line[l->n] = line;
	l->n++;
}

/* The directives that collect expressions or values, and where. */
static const struct {
	const char *name;
	size_t list;
} list_directives[] = {
	{ "title", offsetof(struct rule, title) },
	{ "body", offsetof(struct rule, body) },
	{ "strip", offsetof(struct rule, strip) },
	{ "strip_attr", offsetof(struct rule, strip) },
	{ "strip_id_or_class", offsetof(struct rule, strip_id_or_class) },
	{ "strip_image_src", offsetof(struct rule, strip_image_src) },
	{ "date", offsetof(struct rule, date) },
	{ "author", offsetof(struct rule, author) },
	{ "pith_pin", offsetof(struct rule, pin) },
	{ "pith_unpin", offsetof(struct rule, unpin) },
	{ "pith_set", offsetof(struct rule, set) },
	{ "pith_path_prefix", offsetof(struct rule, path_prefix) },
};

static struct rule_list *
directive_list(struct rule *r, const char *name)
{
	for (size_t i = 0; i < sizeof list_directives / sizeof list_directives[0]; i++)
		if (!strcmp(name, list_directives[i].name))
			return (struct rule_list *)((char *)r + list_directives[i].list);
	return NULL;
}

void
rule_index(struct rule *r)
{
	views_free(r);
	r->autodetect_on_failure = true;
	r->prune = r->tidy = -1;
	r->algo = NULL;
	struct rule_test *cur = NULL;
	for (int i = 0; i < r->nlines; i++) {
		struct rule_line *l = &r->lines[i];
		/* the line it is on when the rule is written out */
		l->lineno = i + 1;
		if (l->kind != RULE_DIRECTIVE)
			continue;
		const char *n = l->name, *v = l->value;
		int ln = l->lineno;
		bool b = false;
		struct rule_list *list = directive_list(r, n);
		if (list)
			list_add(list, v, ln);
		else if (!strcmp(n, "pith_algo"))
			r->algo = method_find(v);
		else if (!strcmp(n, "autodetect_on_failure") && parse_bool(v, &b))
			r->autodetect_on_failure = b;
		else if (!strcmp(n, "prune") && parse_bool(v, &b))
			r->prune = b;
		else if (!strcmp(n, "tidy") && parse_bool(v, &b))
			r->tidy = b;
		else if (!strcmp(n, "test_url")) {
			r->tests = xreallocarray(r->tests, (size_t)r->ntests + 1, sizeof *r->tests);
			cur = &r->tests[r->ntests++];
			memset(cur, 0, sizeof *cur);
			cur->url = v;
			cur->line = ln;
		} else if (!strcmp(n, "test_contains") && cur) {
			cur->contains = xreallocarray(cur->contains, (size_t)cur->ncontains + 1,
						      sizeof *cur->contains);
			cur->contains[cur->ncontains++] = v;
		} else if (!strcmp(n, "test_not_contains") && cur) {
			cur->not_contains = xreallocarray(cur->not_contains,
							  (size_t)cur->nnot_contains + 1,
							  sizeof *cur->not_contains);
			cur->not_contains[cur->nnot_contains++] = v;
		} else if (!strcmp(n, "pith_test_file") && cur) {
			cur->file = v;
		}
	}
}

/* ---- writing ---- */

void
rule_write(const struct rule *r, bool without_pith, struct buf *out)
{
	const char *eol = r->cr_only ? "\r" : r->crlf ? "\r\n" : "\n";
	for (int i = 0; i < r->nlines; i++) {
		const struct rule_line *l = &r->lines[i];
		if (l->kind == RULE_DIRECTIVE && without_pith && !strncmp(l->name, "pith_", 5))
			continue;
		if (l->src) {
			/* a line read from the file: its bytes and its ending */
			buf_add(out, l->src, l->srclen);
			for (int k = 0; k < l->ncr; k++)
				buf_addc(out, '\r');
			if (l->nl)
				buf_addc(out, r->cr_only ? '\r' : '\n');
			else if (i + 1 < r->nlines)
				buf_adds(out, eol);   /* the last line, followed by added ones */
			continue;
		}
		if (l->kind != RULE_DIRECTIVE)
			buf_adds(out, l->value ? l->value : "");
		else if (l->raw)
			buf_adds(out, l->raw);
		else {
			buf_adds(out, l->name);
			if (l->arg)
				buf_printf(out, "(%s)", l->arg);
			buf_printf(out, ": %s", l->value);
		}
		buf_adds(out, eol);
	}
}

int
rule_save(const struct rule *r, const char *path, char *err, size_t errlen)
{
	struct buf b;
	buf_init(&b);
	rule_write(r, false, &b);
	int rc = write_file_atomic(path, b.data ? b.data : "", b.len, WRITE_PRECIOUS, err, errlen);
	buf_free(&b);
	return rc;
}

void
rule_add(struct rule *r, const char *name, const char *value)
{
	struct rule_line *l = new_line(r);
	l->kind = RULE_DIRECTIVE;
	l->name = xstrdup(name);
	l->value = xstrdup(value);
}

void
rule_insert(struct rule *r, int at, const char *name, const char *value)
{
	rule_add(r, name, value);
	struct rule_line l = r->lines[r->nlines - 1];
	if (at < 0 || at >= r->nlines)
		return;
	memmove(&r->lines[at + 1], &r->lines[at], (size_t)(r->nlines - 1 - at) * sizeof l);
	r->lines[at] = l;
}

void
rule_drop(struct rule *r, bool (*drop)(const struct rule_line *l, void *ctx), void *ctx)
{
	int k = 0;
	for (int i = 0; i < r->nlines; i++) {
		struct rule_line *l = &r->lines[i];
		if (drop(l, ctx)) {
			line_free(l);
			continue;
		}
		r->lines[k++] = *l;
	}
	r->nlines = k;
}

void
rule_remove(struct rule *r, const char *name)
{
	bool tests = !strcmp(name, "test_url");
	int k = 0;
	for (int i = 0; i < r->nlines; i++) {
		struct rule_line *l = &r->lines[i];
		bool drop = l->kind == RULE_DIRECTIVE &&
			    (!strcmp(l->name, name) ||
			     (tests && (!strcmp(l->name, "test_contains") ||
					!strcmp(l->name, "test_not_contains") ||
					!strcmp(l->name, "pith_test_file"))));
		if (drop) {
			line_free(l);
			continue;
		}
		r->lines[k++] = *l;
	}
	r->nlines = k;
}

/* ---- checking ---- */

static void
dir_of(const char *path, char *out, size_t outlen)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	if (!slash)
		snprintf(out, outlen, ".");
	else
		snprintf(out, outlen, "%.*s", (int)(slash - path), path);
}

static int
check_lines(const struct rule *r, bool tests, rules_diag diag, void *ctx)
{
	int n = 0;
	for (int i = 0; i < r->nlines; i++) {
		const struct rule_line *l = &r->lines[i];
		if (l->kind != RULE_DIRECTIVE)
			continue;
		char err[300];
		if (IN(xpath_names, l->name) &&
		    xpath_check(l->value, err, sizeof err) < 0)
			rules_report(diag, ctx, &n, r->path, l->lineno, "%s: %s", l->name, err);
		if (tests && !strcmp(l->name, "pith_test_file")) {
			char dir[4096], full[8192];
			struct stat st;
			dir_of(r->path, dir, sizeof dir);
			if (l->value[0] == '/')
				snprintf(full, sizeof full, "%s", l->value);
			else
				snprintf(full, sizeof full, "%s/%s", dir, l->value);
			if (stat(full, &st) < 0)
				rules_report(diag, ctx, &n, r->path, l->lineno,
				       "pith_test_file: %s: %s", l->value, strerror(errno));
			else if (check_regular(full, 0, err, sizeof err) < 0)
				rules_report(diag, ctx, &n, r->path, l->lineno,
				       "pith_test_file: %s: %s", l->value, err);
		}
	}
	return n;
}

int
rule_check(const struct rule *r, rules_diag diag, void *ctx)
{
	return check_lines(r, true, diag, ctx);
}

int
rule_check_xpath(const struct rule *r, rules_diag diag, void *ctx)
{
	return check_lines(r, false, diag, ctx);
}

void
rule_settings(const struct rule *r, bool keep_algo, const struct method **a,
	      struct params *p)
{
	if (!keep_algo && r->algo)
		*a = r->algo;
	char err[200];
	for (int i = 0; i < r->set.n; i++)
		params_set(p, r->set.v[i], err, sizeof err);  /* checked on reading */
}

/* ---- sets and matching ---- */

static void
set_add(struct rules_set *s, struct rule *r)
{
	s->v = xreallocarray(s->v, (size_t)s->n + 1, sizeof *s->v);
	s->v[s->n++] = r;
}

int
rules_load(const char *file_or_dir, struct rules_set **out, rules_diag diag,
	   void *ctx, int *nerrors, char *err, size_t errlen)
{
	*out = NULL;
	if (nerrors)
		*nerrors = 0;
	struct stat st;
	if (stat(file_or_dir, &st) < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	struct rules_set *s = xcalloc(1, sizeof *s);
	if (!S_ISDIR(st.st_mode)) {
		struct rule *r;
		int ne = 0;
		if (rule_read(file_or_dir, &r, diag, ctx, &ne, err, errlen) < 0) {
			free(s);
			return -1;
		}
		if (nerrors)
			*nerrors += ne;
		s->single = true;
		set_add(s, r);
		*out = s;
		return 0;
	}
	static const char *const txt[] = { ".txt", NULL };
	struct strv names = { 0 };
	if (walk_dir(file_or_dir, txt, 0, WALK_HIDDEN, &names, NULL, NULL, err, errlen) < 0) {
		free(s);
		return -1;
	}
	for (int i = 0; i < names.n; i++) {
		const char *path = names.v[i];
		struct rule *r;
		int ne = 0;
		char e2[256];
		if (rule_read(path, &r, diag, ctx, &ne, e2, sizeof e2) < 0) {
			rules_report(diag, ctx, nerrors, path, 0, "%s", e2);
		} else {
			if (nerrors)
				*nerrors += ne;
			set_add(s, r);
		}
	}
	strv_free(&names);
	*out = s;
	return 0;
}

void
rules_set_free(struct rules_set *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->n; i++)
		rule_free(s->v[i]);
	free(s->v);
	free(s);
}

int
rules_url_parts(const char *url, char *host, size_t hostlen, const char **path)
{
	const char *p = url;
	const char *scheme = strstr(url, "://");
	if (scheme)
		p = scheme + 3;
	const char *end = p + strcspn(p, "/?#");
	const char *at = memchr(p, '@', (size_t)(end - p));
	if (at)
		p = at + 1;
	const char *hend = p;
	while (hend < end && *hend != ':')
		hend++;
	if (hend == p || (size_t)(hend - p) >= hostlen)
		return -1;
	for (size_t i = 0; i < (size_t)(hend - p); i++)
		host[i] = (char)tolower((unsigned char)p[i]);
	host[hend - p] = '\0';
	if (hend > p && host[hend - p - 1] == '.')   /* "example.com." */
		host[hend - p - 1] = '\0';
	if (path)
		*path = *end == '/' ? end : "/";
	return 0;
}

const char *
rules_unarchive(const char *url, char *out, size_t outlen)
{
	char host[256];
	const char *path;
	if (rules_url_parts(url, host, sizeof host, &path) < 0)
		return NULL;
	/* web.archive.org, web-beta.archive.org, wayback.archive.org */
	size_t hl = strlen(host);
	if (hl < 12 || strcmp(host + hl - 12, ".archive.org") || strncmp(path, "/web/", 5))
		return NULL;
	const char *p = path + 5;
	if (!isdigit((unsigned char)*p))
		return NULL;
	while (isdigit((unsigned char)*p))
		p++;
	/* a flag after the timestamp: id_, im_, if_ ... */
	while (isalpha((unsigned char)*p) || *p == '_')
		p++;
	if (*p != '/' || !p[1])
		return NULL;
	p++;
	/* the original, its scheme's "//" sometimes folded to one */
	const char *rest = p;
	const char *scheme = "http://";
	if (!strncasecmp(p, "http:", 5) || !strncasecmp(p, "https:", 6)) {
		scheme = tolower((unsigned char)p[4]) == 's' ? "https://" : "http://";
		rest = p + (tolower((unsigned char)p[4]) == 's' ? 6 : 5);
		while (*rest == '/')
			rest++;
	}
	char h2[256];
	if (rules_url_parts(rest, h2, sizeof h2, NULL) < 0 || !strchr(h2, '.'))
		return NULL;
	if ((size_t)snprintf(out, outlen, "%s%s", scheme, rest) >= outlen)
		return NULL;
	return out;
}

bool
rules_same_site(const char *a, const char *b)
{
	char ha[256], hb[256];
	if (rules_url_parts(a, ha, sizeof ha, NULL) < 0 ||
	    rules_url_parts(b, hb, sizeof hb, NULL) < 0)
		return false;
	const char *x = strncmp(ha, "www.", 4) ? ha : ha + 4;
	const char *y = strncmp(hb, "www.", 4) ? hb : hb + 4;
	return !strcmp(x, y);
}

bool
rules_host_match(const char *filehost, const char *host)
{
	if (!strncmp(host, "www.", 4) && strcmp(filehost, host))
		host += 4;
	if (!strcmp(filehost, host))
		return true;
	if (filehost[0] != '.')
		return false;
	/* ".example.com" matches any subdomain of example.com */
	size_t fl = strlen(filehost), hl = strlen(host);
	return hl > fl && !strcmp(host + hl - fl, filehost);
}

static bool
prefix_ok(const struct rule *r, const char *path)
{
	if (r->path_prefix.n == 0 || !path)
		return true;
	for (int i = 0; i < r->path_prefix.n; i++)
		if (!strncmp(path, r->path_prefix.v[i], strlen(r->path_prefix.v[i])))
			return true;
	return false;
}

static const struct rule *
find_host(const struct rules_set *s, const char *name, const char *path)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i]->host && !strcmp(s->v[i]->host, name) && prefix_ok(s->v[i], path))
			return s->v[i];
	return NULL;
}

const struct rule *
rules_match(const struct rules_set *s, const char *url)
{
	if (!s || s->n == 0)
		return NULL;
	char host[256];
	const char *path = NULL;
	bool known = url && rules_url_parts(url, host, sizeof host, &path) == 0;
	if (s->single) {
		const struct rule *r = s->v[0];
		/* a file named for no host (no dot) is for any page */
		if (!known || !r->host || !strchr(r->host, '.') ||
		    rules_host_match(r->host, host))
			return prefix_ok(r, path) ? r : NULL;
		return NULL;
	}
	if (!known)
		return NULL;
	const struct rule *r = find_host(s, host, path);
	if (r)
		return r;
	const char *h = host;
	if (!strncmp(h, "www.", 4)) {
		h += 4;
		if ((r = find_host(s, h, path)))
			return r;
	}
	/* .parent files, most specific first; never a bare top-level domain */
	for (const char *dot = strchr(h, '.'); dot && strchr(dot + 1, '.');
	     dot = strchr(dot + 1, '.'))
		if ((r = find_host(s, dot, path)))
			return r;
	return NULL;
}

/* "x" of strip_id_or_class / strip_image_src with its quotes removed, as
 * graby does, so it can sit in a literal. */
char *
rules_unquoted(const char *v)
{
	char *s = xstrdup(v);
	char *w = s;
	for (const char *p = v; *p; p++)
		if (*p != '\'' && *p != '"')
			*w++ = *p;
	*w = '\0';
	return s;
}
