package export

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/invoice"
	"prelaunch/core/receipt"
	"prelaunch/core/sale"
)

// StatementRow is one purchase of a buyer's yearly statement. GST is the tax in the platform
// charge of its invoice (zero when none was issued).
type StatementRow struct {
	CreatedAt   time.Time       `bun:"created_at"`
	OrderNumber string          `bun:"order_number"`
	Quantity    decimal.Decimal `bun:"quantity"`
	Price       decimal.Decimal `bun:"price"`
	Amount      decimal.Decimal `bun:"amount"`
	Fee         decimal.Decimal `bun:"fee"`
	Total       decimal.Decimal `bun:"final_amount"`
	GSTPaise    int64           `bun:"gst"`
	Status      string          `bun:"status"`
	Invoice     string          `bun:"invoice"`
}

// StatementDelivery is one transfer of tokens to the buyer's wallet in the financial year.
type StatementDelivery struct {
	At       time.Time
	Quantity decimal.Decimal // whole tokens (the transfer's base units ÷ 10^decimals)
	Address  string
	TxHash   string
	Status   string // Confirmed, Pending or Failed
}

// Statement is a buyer's purchases of one financial year, and the totals of the approved ones,
// then the tokens sent to their wallet that year.
type Statement struct {
	FY         string
	Buyer      string
	Company    string
	Symbol     string
	Decimals   int32
	Rows       []StatementRow
	Deliveries []StatementDelivery
	Tokens     decimal.Decimal
	Amount     decimal.Decimal
	Fee        decimal.Decimal
	GSTPaise   int64
	Total      decimal.Decimal
	Generated  time.Time
}

// StatementFile is a statement ready to send.
type StatementFile struct {
	Name, Type string
	Body       []byte
}

// StatementHeader is the header row of the statement's CSV.
var StatementHeader = []string{"Date", "Order Number", "Tokens", "Price", "Amount", "Platform Charge", "GST in Charge",
	"Total", "Status", "Invoice"}

// DeliveriesHeader is the header row of the CSV's second part, the token deliveries.
var DeliveriesHeader = []string{"Delivery Date", "Tokens Delivered", "Wallet", "Transaction Hash", "Delivery Status"}

// deliveryStatus is a transfer's status as the buyer reads it.
var deliveryStatus = map[string]string{"CONFIRMED": "Confirmed", "SENT": "Pending", "FAILED": "Failed"}

// Statement is GET /user/statement: the buyer's purchases placed in financial year fy (IST, April
// to March; every status but unpaid orders), then the token transfers to their wallet dated in
// that year (confirmed, else signed; read through delivery.BuyerDeliveries), as format "pdf" (the
// default) or "csv".
func (s *Service) Statement(ctx context.Context, companyID, userID, fy, format string) (*StatementFile, error) {
	fy = strings.TrimSpace(fy)
	format = strings.ToLower(strings.TrimSpace(format))
	if format == "" {
		format = "pdf"
	}
	var v apperr.Validation
	v.CheckField(invoice.ValidFY(fy), "fy", "fy must be a financial year like 2026-27.")
	v.CheckField(format == "pdf" || format == "csv", "format", "format must be pdf or csv.")
	if err := v.Err(); err != nil {
		return nil, err
	}
	from, to := invoice.FYRange(fy)
	st := &Statement{FY: fy, Generated: s.Clock.Now()}
	if err := s.DB.NewRaw(`SELECT u.name, c.name, t.symbol, t.decimals FROM users AS u JOIN companies AS c ON c.id = u.company_id
		JOIN tokens AS t ON t.company_id = u.company_id WHERE u.id = ? AND u.company_id = ?`, userID, companyID).
		Scan(ctx, &st.Buyer, &st.Company, &st.Symbol, &st.Decimals); err != nil {
		return nil, err
	}
	sent, err := delivery.BuyerDeliveries(ctx, s.DB, companyID, userID, from, to)
	if err != nil {
		return nil, err
	}
	for _, d := range sent {
		units, ok := new(big.Int).SetString(d.Amount, 10)
		if !ok {
			return nil, fmt.Errorf("statement: transfer amount %q", d.Amount)
		}
		st.Deliveries = append(st.Deliveries, StatementDelivery{At: d.At, Quantity: decimal.NewFromBigInt(units, -st.Decimals),
			Address: d.Address, TxHash: d.TxHash, Status: deliveryStatus[d.Status]})
	}
	if err := s.DB.NewRaw(`SELECT p.created_at, p.order_number, p.quantity, p.price, p.amount, p.fee, p.final_amount, p.status,
			COALESCE(i.cgst + i.sgst + i.igst, 0) AS gst, COALESCE(i.number, '') AS invoice
		FROM purchases AS p LEFT JOIN invoices AS i ON i.purchase_id = p.id AND i.kind = 'INVOICE'
		WHERE p.user_id = ? AND p.company_id = ? AND p.created_at >= ? AND p.created_at < ?
			AND p.status IN ('PENDING', 'APPROVED', 'REJECTED', 'REFUNDED')
		ORDER BY p.created_at, p.id`, userID, companyID, from, to).Scan(ctx, &st.Rows); err != nil {
		return nil, err
	}
	st.Tokens, st.Amount, st.Fee, st.Total = decimal.Zero, decimal.Zero, decimal.Zero, decimal.Zero
	for _, r := range st.Rows {
		if r.Status != "APPROVED" {
			continue
		}
		st.Tokens, st.Amount, st.Fee, st.Total = st.Tokens.Add(r.Quantity), st.Amount.Add(r.Amount), st.Fee.Add(r.Fee), st.Total.Add(r.Total)
		st.GSTPaise += r.GSTPaise
	}
	name := "statement-" + fy
	if format == "csv" {
		body, err := statementCSV(st)
		return &StatementFile{Name: name + ".csv", Type: "text/csv; charset=utf-8", Body: body}, err
	}
	body, err := statementPDF(st)
	return &StatementFile{Name: name + ".pdf", Type: "application/pdf", Body: body}, err
}

func statementCSV(st *Statement) ([]byte, error) {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	_, _ = w.WriteString(bom)
	cw := newCSV(w)
	for _, h := range StatementHeader {
		cw.plain(h)
	}
	_ = cw.end()
	for _, r := range st.Rows {
		cw.time(r.CreatedAt)
		cw.text(r.OrderNumber)
		cw.plain(r.Quantity.String())
		cw.plain(price(r.Price.String()))
		cw.plain(r.Amount.StringFixed(2))
		cw.plain(r.Fee.StringFixed(2))
		cw.plain(invoice.Rupees(r.GSTPaise).StringFixed(2))
		cw.plain(r.Total.StringFixed(2))
		cw.plain(r.Status)
		cw.plain(r.Invoice)
		_ = cw.end()
	}
	cw.plain("Totals (approved)")
	cw.plain("")
	cw.plain(st.Tokens.String())
	cw.plain("")
	cw.plain(st.Amount.StringFixed(2))
	cw.plain(st.Fee.StringFixed(2))
	cw.plain(invoice.Rupees(st.GSTPaise).StringFixed(2))
	cw.plain(st.Total.StringFixed(2))
	cw.plain("")
	cw.plain("")
	_ = cw.end()
	// The second part: the tokens sent to the buyer's wallet, after an empty line.
	_ = cw.end()
	for _, h := range DeliveriesHeader {
		cw.plain(h)
	}
	_ = cw.end()
	for _, d := range st.Deliveries {
		cw.time(d.At)
		cw.plain(d.Quantity.String())
		cw.plain(d.Address)
		cw.plain(d.TxHash)
		cw.plain(d.Status)
		_ = cw.end()
	}
	if err := cw.end(); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func statementPDF(st *Statement) ([]byte, error) {
	pdf := receipt.NewDocument("Statement "+st.FY, st.Company, st.Generated)
	pdf.SetAutoPageBreak(true, 15)
	w, _ := pdf.GetPageSize()
	inner := w - 40
	pdf.SetFont("DejaVu", "B", 16)
	pdf.MultiCell(inner, 8, st.Company, "", "L", false)
	pdf.SetFont("DejaVu", "B", 13)
	pdf.MultiCell(inner, 7, "Statement of purchases, financial year "+st.FY, "", "L", false)
	from, to := invoice.FYRange(st.FY)
	receipt.Table(pdf, inner, [][2]string{
		{"Buyer", st.Buyer},
		{"Period", from.Format("02 Jan 2006") + " to " + to.AddDate(0, 0, -1).Format("02 Jan 2006") + " (IST)"},
		{"Generated on", receipt.ISTDate(st.Generated)},
	})
	pdf.Ln(4)
	cols := []struct {
		title string
		w     float64
		align string
	}{{"Date (IST)", 22, "L"}, {"Order number", 36, "L"}, {"Tokens", 18, "R"}, {"Price", 16, "R"}, {"Amount", 22, "R"},
		{"Charge", 18, "R"}, {"GST", 15, "R"}, {"Status", 23, "L"}}
	pdf.SetFont("DejaVu", "B", 8)
	for _, c := range cols {
		pdf.CellFormat(c.w, 6, c.title, "B", 0, c.align, false, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont("DejaVu", "", 8)
	for _, r := range st.Rows {
		vals := []string{r.CreatedAt.In(IST).Format("02 Jan 2006"), r.OrderNumber, sale.Grouped(r.Quantity, 0),
			receipt.Money(r.Price), receipt.Money(r.Amount), receipt.Money(r.Fee), receipt.Money(invoice.Rupees(r.GSTPaise)), r.Status}
		for i, c := range cols {
			pdf.CellFormat(c.w, 6, vals[i], "", 0, c.align, false, 0, "")
		}
		pdf.Ln(-1)
	}
	if len(st.Rows) == 0 {
		pdf.CellFormat(inner, 6, "No purchases in this financial year.", "", 1, "L", false, 0, "")
	}
	pdf.Ln(3)
	pdf.SetFont("DejaVu", "B", 11)
	pdf.CellFormat(inner, 7, "Totals of approved purchases", "", 1, "L", false, 0, "")
	receipt.Table(pdf, inner, [][2]string{
		{"Tokens", sale.Grouped(st.Tokens, 0) + " " + st.Symbol},
		{"Amount", receipt.Money(st.Amount)},
		{"Platform charge", receipt.Money(st.Fee)},
		{"GST in the platform charge", receipt.Money(invoice.Rupees(st.GSTPaise))},
		{"Total paid", receipt.Money(st.Total)},
	})
	pdf.Ln(4)
	pdf.SetFont("DejaVu", "B", 11)
	pdf.CellFormat(inner, 7, "Tokens delivered to your wallet", "", 1, "L", false, 0, "")
	dcols := []struct {
		title string
		w     float64
		align string
	}{{"Date (IST)", 22, "L"}, {"Tokens", 26, "R"}, {"Status", 20, "L"}, {"Transaction hash", inner - 68, "L"}}
	pdf.SetFont("DejaVu", "B", 8)
	for _, c := range dcols {
		pdf.CellFormat(c.w, 6, c.title, "B", 0, c.align, false, 0, "")
	}
	pdf.Ln(-1)
	for _, d := range st.Deliveries {
		vals := []string{d.At.In(IST).Format("02 Jan 2006"), sale.Grouped(d.Quantity, places(d.Quantity)), d.Status, d.TxHash}
		for i, c := range dcols {
			if i == len(dcols)-1 {
				pdf.SetFont("DejaVu", "", 6.5)
			} else {
				pdf.SetFont("DejaVu", "", 8)
			}
			pdf.CellFormat(c.w, 6, vals[i], "", 0, c.align, false, 0, "")
		}
		pdf.Ln(-1)
	}
	pdf.SetFont("DejaVu", "", 8)
	if len(st.Deliveries) == 0 {
		pdf.CellFormat(inner, 6, "No tokens were sent to your wallet in this financial year.", "", 1, "L", false, 0, "")
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("render statement: %w", err)
	}
	return buf.Bytes(), nil
}

// places is how many decimals d needs (a delivery's tokens are whole unless vesting split them).
func places(d decimal.Decimal) int32 {
	s := d.String()
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return int32(len(s) - i - 1)
	}
	return 0
}
