package migrations

import "context"

type piiKeyCtx struct{}

// WithPIIKey gives the migrations that need it the PII_KEY (the Aadhaar numbers' HMAC): Up is
// called with the returned context by every process (runtime.Deps.Migrate).
func WithPIIKey(ctx context.Context, key []byte) context.Context {
	return context.WithValue(ctx, piiKeyCtx{}, key)
}

func piiKey(ctx context.Context) []byte {
	k, _ := ctx.Value(piiKeyCtx{}).([]byte)
	return k
}
