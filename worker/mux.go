package main

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"

	"prelaunch/core/runtime"
	"prelaunch/core/tasks"
)

// newMux registers a handler for every task type of core/tasks.
func newMux(d *runtime.Deps) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	handlers := map[string]asynq.HandlerFunc{}
	for _, typ := range tasks.Types {
		h, ok := handlers[typ]
		if !ok {
			typ := typ
			h = func(ctx context.Context, t *asynq.Task) error {
				return fmt.Errorf("%s: no handler yet: %w", typ, asynq.SkipRetry)
			}
		}
		mux.HandleFunc(typ, h)
	}
	_ = d
	return mux
}
