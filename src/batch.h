/* batch.h - a batch of independent orders run in worker processes, the
 * results handed back in the order the orders came.
 *
 * A worker costs a crash or a hang only the order it was on (libtidy is
 * not thread-safe, and a page can crash the parser or run on without
 * end): that order fails, named, and a fresh worker takes the ones after
 * it.  The pool knows nothing of what an order means: its caller gives
 * orders as bytes, one function turns an order into a result in the
 * worker, another takes each result in the parent.  A result is a head of
 * BATCH_HEAD bytes (the caller's own small struct) and a body of any
 * length, owned by the pool until handed over.  A worker holds a few
 * orders ahead, a short result waits in memory it shares with the parent,
 * and a worker is replaced after many orders or once it grows large.
 * SIGINT, SIGTERM and SIGHUP end the workers (each removes its temporary
 * output, write_tmp_remove) and then the process, as the signal would. */
#ifndef PITH_BATCH_H
#define PITH_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* The bytes of a result's head. */
#define BATCH_HEAD 128

/* An order as the caller gives it, beside its bytes. */
struct batch_item {
	const char *name;       /* handed back with its result (copied) */
	int limit;              /* seconds a worker may take on it, 0: no limit */
	const char *error;      /* failed before it could run: the reason, and
				 * no bytes */
};

struct batch_ops {
	void *ctx;              /* passed to each function */
	int verbose;            /* say on stderr when a worker is replaced */
	/* The parent's: the next order, its bytes appended to ord and *it
	 * filled (zeroed before); false at the end of the orders.  Its
	 * strings need last only until the next call. */
	bool (*next)(void *ctx, struct batch_item *it, struct buf *ord);
	/* A worker's (the parent's when no worker can be started): the
	 * result of order ord (len bytes, NUL-terminated, the function's to
	 * write in): its head into head (zeroed), its body into out (empty;
	 * it may be replaced by a buffer of the function's own). */
	void (*work)(void *ctx, char *ord, size_t len, void *head, struct buf *out);
	/* The parent's: each result, in the order next gave them; head NULL
	 * when the order failed before it ran or with its worker, out then
	 * saying why.  out may be taken (and left empty).  false: nothing
	 * more can be delivered (the output is gone), and the batch ends. */
	bool (*deliver)(void *ctx, const char *name, const void *head, struct buf *out);
};

/* Every order of ops->next run in nw worker processes, each result given
 * to ops->deliver; with no process to be had, each is run in this one.
 * Returns when every result is delivered or deliver said to stop; at a
 * stop signal, the process ends with it. */
void batch_run(const struct batch_ops *ops, int nw);

/* For ops->next, before each read of an input that can block (a pipe):
 * wait until fd can be read.  0; -1 with errno ECANCELED once a stop
 * signal has come, so that a batch waiting for input that may never come
 * ends at the signal. */
int batch_wait_input(int fd);

#endif
