package main

import (
	"testing"
)

type taxView struct {
	GSTIN, LegalName, Address string
	GSTRatePercent            float64
	InvoicesOn                bool
}

func (h *harness) taxOf(token string) taxView {
	h.t.Helper()
	var s struct{ Tax taxView }
	h.want(h.call("GET", "/api/v1/admin/token/get", token, nil), 200).Into(h.t, &s)
	return s.Tax
}

// The tax section of token settings: GSTIN checked (state code, PAN, entity, check character),
// rate 0–28 with 2 decimals (18 by default), each refusal named by its field.
func TestTokenTaxSettings(t *testing.T) {
	h := setup(t)
	if tx := h.taxOf(h.adminA); tx.GSTIN != "" || tx.InvoicesOn || tx.GSTRatePercent != 18 {
		t.Fatalf("fresh company's tax: %+v", tx)
	}
	for _, c := range []struct {
		in          map[string]any
		field, want string
	}{
		{map[string]any{"gstin": "27AAPFU0939F1ZW", "legalName": "Acme"}, "tax.gstin", "GSTIN check character does not match; please check the number."},
		{map[string]any{"gstin": "40AAPFU0939F1ZV", "legalName": "Acme"}, "tax.gstin", "GSTIN must start with a valid state code (01–38, 97 or 99)."},
		{map[string]any{"gstin": "27AAPF10939F1ZV", "legalName": "Acme"}, "tax.gstin", "GSTIN characters 3 to 12 must be a PAN (5 letters, 4 digits, a letter)."},
		{map[string]any{"gstin": "27AAPFU0939F0ZV", "legalName": "Acme"}, "tax.gstin", "GSTIN character 13 must be an entity number (1–9 or A–Z)."},
		{map[string]any{"gstin": "27AAPFU0939F1Z", "legalName": "Acme"}, "tax.gstin", "GSTIN must be 15 characters."},
		{map[string]any{"gstin": "27AAPFU0939F1ZV"}, "tax.legalName", "Legal name is required with a GSTIN."},
		{map[string]any{"gstin": "", "gstRatePercent": 28.5}, "tax.gstRatePercent", "GST rate must be between 0 and 28."},
		{map[string]any{"gstin": "", "gstRatePercent": "-1"}, "tax.gstRatePercent", "GST rate must be between 0 and 28."},
		{map[string]any{"gstin": "", "gstRatePercent": "12.345"}, "tax.gstRatePercent", "GST rate can have at most 2 decimals."},
		{map[string]any{"gstin": "", "legalName": "A\nB"}, "tax.legalName", "Legal name must not contain control characters."},
	} {
		r := h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"tax": c.in}), 422)
		if got := r.FieldMsg(c.field); got != c.want {
			t.Errorf("%v: errors on %s = %q, want %q", c.in, c.field, got, c.want)
		}
	}
	if tx := h.taxOf(h.adminA); tx.GSTIN != "" {
		t.Fatalf("a refused update changed the tax: %+v", tx)
	}
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"tax": map[string]any{
		"gstin": " 27aapfu0939f1zv ", "legalName": " Acme Platform Pvt Ltd ", "address": "1 Marine Drive, Mumbai 400001", "gstRatePercent": "12.5"}}), 200)
	tx := h.taxOf(h.adminA)
	if tx.GSTIN != "27AAPFU0939F1ZV" || tx.LegalName != "Acme Platform Pvt Ltd" || tx.GSTRatePercent != 12.5 || !tx.InvoicesOn ||
		tx.Address != "1 Marine Drive, Mumbai 400001" {
		t.Fatalf("tax after update: %+v", tx)
	}
	// No rate sent: back to 18. Another company's settings are untouched.
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"tax": map[string]any{
		"gstin": "27AAPFU0939F1ZV", "legalName": "Acme Platform Pvt Ltd"}}), 200)
	if tx := h.taxOf(h.adminA); tx.GSTRatePercent != 18 {
		t.Fatalf("default rate: %+v", tx)
	}
	if tx := h.taxOf(h.adminB); tx.InvoicesOn {
		t.Fatalf("company B's tax changed: %+v", tx)
	}
	// An empty GSTIN turns invoicing off.
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"tax": map[string]any{"gstin": ""}}), 200)
	if tx := h.taxOf(h.adminA); tx.InvoicesOn {
		t.Fatalf("invoicing still on: %+v", tx)
	}
}
