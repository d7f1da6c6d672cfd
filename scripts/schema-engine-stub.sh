#!/bin/sh
echo "schema engine stub: migrations run through npm run db:migrate" >&2
exit 1
