/* cmd-dump.c - pith dump: the node table with every figure. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "signals.h"

static void
dump_tsv(const struct page *pg, FILE *out)
{
	const struct dom *d = pg->dom;
	const struct metrics *m = pg->m;
	struct buf xp;
	buf_init(&xp);
	fputs("id\tparent\tdepth\ttag\tline\tTA\tLA\tCC\tTD\tCS\tcontent\treason\txpath\n", out);
	for (int i = 0; i < d->n; i++) {
		xp.len = 0;
		dom_xpath(d, i, &xp);
		fprintf(out, "%d\t%d\t%d\t%s\t%d\t%d\t%d\t%.2f\t%.2f\t%.3f\t%d\t%s\t%s\n",
			i, d->parent[i], d->depth[i], dom_tagname(d, i), d->line[i],
			m->TA[i], m->LA[i], m->CC[i], m->TD[i], pg->dc.CS[i],
			pg->dc.content[i], reason_name(pg->dc.reason[i]), xp.data);
	}
	buf_free(&xp);
}

static void
dump_json(const struct page *pg, FILE *out)
{
	const struct dom *d = pg->dom;
	const struct metrics *m = pg->m;
	struct buf b;
	buf_init(&b);
	struct buf xp;
	buf_init(&xp);
	buf_adds(&b, "[\n");
	for (int i = 0; i < d->n; i++) {
		xp.len = 0;
		dom_xpath(d, i, &xp);
		buf_printf(&b, "{\"id\":%d,\"parent\":%d,\"depth\":%d,\"tag\":",
			   i, d->parent[i], d->depth[i]);
		const char *tn = dom_tagname(d, i);
		buf_add_json(&b, tn, strlen(tn));
		buf_printf(&b, ",\"line\":%d,\"TA\":%d,\"LA\":%d,\"CC\":%.2f,\"TD\":%.2f,"
			   "\"CS\":%.3f,\"content\":%d,\"reason\":\"%s\",\"xpath\":",
			   d->line[i], m->TA[i], m->LA[i], m->CC[i], m->TD[i],
			   pg->dc.CS[i], pg->dc.content[i],
			   reason_name(pg->dc.reason[i]));
		buf_add_json(&b, xp.data, xp.len);
		buf_adds(&b, i + 1 < d->n ? "},\n" : "}\n");
		if (b.len > 65536) {
			fwrite(b.data, 1, b.len, out);
			b.len = 0;
		}
	}
	buf_adds(&b, "]\n");
	fwrite(b.data, 1, b.len, out);
	buf_free(&b);
	buf_free(&xp);
}

/* One row per block: id, tag, characters, every feature, the text. */
static void
dump_features(struct page *pg, FILE *out)
{
	struct features f;
	features_compute(pg, &f);
	const struct dom *d = pg->dom;
	fputs("block\ttag\tchars", out);
	for (int k = 0; k < F_COUNT; k++)
		fprintf(out, "\t%s", feature_names[k]);
	fputs("\ttext\n", out);
	struct buf t;
	buf_init(&t);
	for (int j = 0; j < f.nblocks; j++) {
		int b = f.block[j];
		fprintf(out, "%d\t%s\t%d", b, dom_tagname(d, b), f.chars[j]);
		for (int k = 0; k < F_COUNT; k++)
			fprintf(out, "\t%.4g", f.x[j][k]);
		t.len = 0;
		bool space = false;
		for (int x = d->text_begin[b]; x < d->text_end[b]; x++) {
			if (d->texts[x].block != b || (d->texts[x].flags & (TEXT_SKIP | TEXT_BREAK))) {
				space = true;
				continue;
			}
			if (space && t.len)
				buf_addc(&t, ' ');
			space = false;
			extract_collapse(dom_text(d, x), d->texts[x].len, &t);
			if (d->texts[x].len && uc_is_white((unsigned char)dom_text(d, x)[d->texts[x].len - 1]))
				space = true;
		}
		for (size_t i = 0; i < t.len; i++)
			if (t.data[i] == '\t' || t.data[i] == '\n')
				t.data[i] = ' ';
		fprintf(out, "\t%s\n", t.data ? t.data : "");
	}
	buf_free(&t);
	features_free(&f);
}

int
cmd_dump(struct cli *c)
{
	if (c->ninputs != 1)
		return cli_usage_error("dump takes one FILE");
	if (c->format_given && c->format == FORMAT_TEXT)
		return cli_usage_error("dump writes tsv or json");
	if (c->algo_given && c->algo != ALGO_CC)
		return cli_usage_error("dump: --algo %s: not yet available", algo_name(c->algo));
	struct page pg;
	char err[256];
	const char *in = c->inputs[0];
	if (cli_load(c, in, &pg, true, err, sizeof err) < 0) {
		cli_report(in, err);
		page_free(&pg);
		return 1;
	}
	decide_cc(pg.dom, pg.m, &c->params, NULL, &pg.dc);
	if (c->features)
		dump_features(&pg, stdout);
	else if (c->format == FORMAT_JSON)
		dump_json(&pg, stdout);
	else
		dump_tsv(&pg, stdout);
	page_free(&pg);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_report("stdout", "write error");
		return 1;
	}
	return 0;
}
