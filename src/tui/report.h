/* report.h - pith report and the inspector's S: what the inspector shows
 * of a page as one self-contained HTML file (report.c says what is in
 * it).  The model is left as it was found. */
#ifndef PITH_TUI_REPORT_H
#define PITH_TUI_REPORT_H

#include <stddef.h>

#include "util.h"

struct tui;

/* The report of what t shows, appended to o. */
void report_build(struct tui *t, struct buf *o);
/* The same written to path (write_file_atomic's flags: WRITE_BACKUP
 * keeps an existing file as path.~N~); 0, or -1 with a reason in err. */
int report_write(struct tui *t, const char *path, int flags, char *err, size_t errlen);

#endif
