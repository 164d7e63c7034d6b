/* inputs.c - pith extract's inputs: the page files named, listed
 * (--from-list) or found in directories, a page on standard input, and
 * the pages of WARC files read record by record, as items. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inputs.h"
#include "batch.h"

/* What the walk could not take is said, and fails the run (ctx: its
 * status). */
static void
walk_skip(void *ctx, const char *path, const char *reason, bool lost)
{
	cli_report_once(path, reason);
	if (lost)
		*(int *)ctx = 1;
}

/* --from-list: input paths one a line (blank lines skipped) appended. */
int
inputs_read_list(const char *list, struct strv *out)
{
	FILE *f = strcmp(list, "-") ? fopen(list, "r") : stdin;
	if (!f) {
		cli_report(list, errno == ENOENT ? "no such file" : strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t k;
	while ((k = getline(&line, &cap, f)) >= 0) {
		while (k > 0 && (line[k - 1] == '\n' || line[k - 1] == '\r'))
			line[--k] = '\0';
		if (k > 0)
			strv_add(out, line);
	}
	free(line);
	int bad = ferror(f);
	if (f != stdin)
		fclose(f);
	if (bad) {
		cli_report(list, "read error");
		return -1;
	}
	return 0;
}

bool
inputs_is_warc(const char *path)
{
	return str_has_suffix(path, ".warc") || str_has_suffix(path, ".warc.gz");
}

/* Directories walked into their pages: each page into in, the directory
 * it was found under into roots ("" for a page given as itself).  1 when
 * a directory could not be walked or held no page (reported), else 0. */
int
inputs_expand(const struct strv *args, struct strv *in, struct strv *roots)
{
	int status = 0;
	for (int i = 0; i < args->n; i++) {
		const char *a = args->v[i];
		struct stat st;
		if (strcmp(a, "-") && !cli_is_url(a) && stat(a, &st) == 0 && S_ISDIR(st.st_mode)) {
			char err[256];
			int before = in->n;
			if (walk_dir(a, walk_page_exts, 64, 0, in, walk_skip, &status, err, sizeof err) < 0) {
				cli_report(a, err);
				status = 1;
			} else if (in->n == before) {
				cli_report(a, "no pages here (.html, .htm, .xhtml, or .gz of them)");
				status = 1;
			}
			while (roots->n < in->n)
				strv_add(roots, a);
		} else {
			strv_add(in, a);
			strv_add(roots, "");
		}
	}
	return status;
}

/* ---- the inputs as items: page files, and the pages of WARC files ---- */

static ssize_t
fd_read(void *ctx, void *buf, size_t n)
{
	int fd = *(int *)ctx;
	if (batch_wait_input(fd) < 0)
		return -1;
	return read(fd, buf, n);
}

/* The end of a WARC input: what was skipped, counted. */
static void
close_warc(struct inputs *s)
{
	const char *file = s->in->v[s->cur];
	long *k = s->skipped;
	long sk = k[WARC_SKIP_NOT_HTML] + k[WARC_SKIP_REVISIT] + k[WARC_SKIP_TRUNCATED] +
		  k[WARC_SKIP_INVALID];
	if (sk > 0 || s->c->verbose)
		eprintf("pith: %s: %ld pages, %ld records skipped (%ld not HTML, "
			"%ld revisits, %ld truncated, %ld invalid)\n", file, s->pages, sk,
			k[WARC_SKIP_NOT_HTML], k[WARC_SKIP_REVISIT], k[WARC_SKIP_TRUNCATED],
			k[WARC_SKIP_INVALID]);
	if (k[WARC_SKIP_INVALID] > 0)
		s->status = 1;
	warc_reader_free(s->wr);
	s->wr = NULL;
	if (s->fd > 0)
		close(s->fd);
	s->fd = -1;
	s->pages = 0;
	memset(s->skipped, 0, sizeof s->skipped);
}

/* The next item, false at the end of the inputs.  Its strings and bytes
 * are the source's until the next call. */
bool
inputs_next(struct inputs *s, struct item *it)
{
	memset(it, 0, sizeof *it);
	it->input = -1;
	it->site_index = -1;
	for (;;) {
		if (s->wr) {
			struct warc_record *rec;
			enum warc_skip kind;
			char why[256];
			enum warc_status st = warc_reader_next(s->wr, &rec, &kind, why, sizeof why);
			const char *file = s->in->v[s->cur];
			const char *uri = rec->target_uri && *rec->target_uri ? rec->target_uri : NULL;
			if (st == WARC_PAGE) {
				s->pages++;
				free(s->name);
				struct buf n;
				buf_init(&n);
				if (uri)
					buf_adds(&n, uri);
				else
					buf_printf(&n, "%s: record %ld", file, rec->number);
				s->name = buf_steal(&n, NULL);
				it->s[S_NAME] = s->name;
				it->s[S_FILE] = file;
				it->s[S_URL] = uri;
				it->s[S_ID] = rec->record_id;
				it->warc = true;
				it->record = rec->number;
				it->s[S_DATE] = rec->date;
				it->s[S_TYPE] = rec->http_type;
				it->bytes = rec->body.data;
				it->len = rec->body.len;
				return true;
			}
			if (st == WARC_SKIP) {
				s->skipped[kind]++;
				if (s->c->verbose)
					eprintf("%s: record %ld%s%s%s skipped: %s\n", file,
						rec->number, uri ? " (" : "", uri ? uri : "",
						uri ? ")" : "", why);
				continue;
			}
			if (st == WARC_OTHER)
				continue;
			if (st == WARC_FAIL) {
				char msg[400];
				snprintf(msg, sizeof msg, "%s (at record %ld)", why, rec->number);
				cli_report(file, msg);
				s->status = 1;
			}
			close_warc(s);
			continue;
		}
		if (s->next >= s->in->n)
			return false;
		int i = s->next++;
		const char *a = s->in->v[i];
		bool is_stdin = !strcmp(a, "-");
		if (!s->is_warc[i] && !is_stdin) {
			it->input = i;
			it->site_index = s->site_index[i];
			it->s[S_NAME] = it->s[S_FILE] = a;
			return true;
		}
		it->s[S_NAME] = it->s[S_FILE] = a;
		s->fd = is_stdin ? 0 : open(a, O_RDONLY | O_CLOEXEC);
		if (s->fd < 0) {
			it->error = errno == ENOENT ? "no such file" : strerror(errno);
			return true;
		}
		s->cur = i;
		s->wr = warc_reader_new(fd_read, &s->fd, s->c->page.load.max_bytes);
		if (warc_reader_sniff(s->wr)) {
			if (s->c->outdir) {
				it->error = "a WARC file's pages go to standard output (no -o)";
				warc_reader_free(s->wr);
				s->wr = NULL;
				return true;
			}
			continue;
		}
		if (!is_stdin) {
			it->error = "not a WARC file";
			close(s->fd);
		} else {
			/* a page on standard input, read here: the workers have
			 * no standard input of their own */
			size_t max = s->c->page.load.max_bytes;
			s->bytes.len = 0;
			if (warc_reader_rest(s->wr, max, &s->bytes) < 0)
				it->error = strerror(errno);
			else if (s->bytes.len > max) {
				snprintf(s->err, sizeof s->err,
					 "larger than %zu bytes (--max-bytes)", max);
				it->error = s->err;
			}
			if (!s->bytes.data)
				buf_adds(&s->bytes, "");
			it->bytes = s->bytes.data;
			it->len = s->bytes.len;
		}
		warc_reader_free(s->wr);
		s->wr = NULL;
		s->fd = -1;
		return true;
	}
}

void
inputs_free(struct inputs *s)
{
	if (s->wr)
		close_warc(s);
	free(s->name);
	buf_free(&s->bytes);
}

/* ---- an item as an order for a worker, and back ---- */

/* An item's order: its strings, each with its NUL, and its bytes follow,
 * to be read in one piece. */
struct item_order {
	int input, site_index;
	bool warc;
	long record;
	size_t len[NSTR];       /* SIZE_MAX: NULL */
	size_t bytes;
};

void
inputs_pack(const struct item *it, struct buf *out)
{
	/* zeroed whole: its padding goes down the pipe too */
	struct item_order o;
	memset(&o, 0, sizeof o);
	o.input = it->input;
	o.site_index = it->site_index;
	o.warc = it->warc;
	o.record = it->record;
	o.bytes = it->len;
	for (int k = 0; k < NSTR; k++)
		o.len[k] = it->s[k] ? strlen(it->s[k]) : SIZE_MAX;
	buf_add(out, &o, sizeof o);
	for (int k = 0; k < NSTR; k++)
		if (it->s[k])
			buf_add(out, it->s[k], o.len[k] + 1);
	buf_add(out, it->bytes ? it->bytes : "", it->len);
}

void
inputs_unpack(char *ord, struct item *it)
{
	struct item_order o;
	memcpy(&o, ord, sizeof o);
	memset(it, 0, sizeof *it);
	it->input = o.input;
	it->site_index = o.site_index;
	it->warc = o.warc;
	it->record = o.record;
	size_t at = sizeof o;
	for (int k = 0; k < NSTR; k++) {
		if (o.len[k] == SIZE_MAX)
			continue;
		/* the parent's NUL ends it, whatever it holds */
		ord[at + o.len[k]] = '\0';
		it->s[k] = ord + at;
		at += o.len[k] + 1;
	}
	it->bytes = ord + at;
	it->len = o.bytes;
}
