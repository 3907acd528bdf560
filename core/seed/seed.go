// Package seed loads the demo data of Demo Company with the ACW token, its beneficiary,
// an admin, a buyer and the super admin. It is idempotent and refuses to run in production.
package seed

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/beneficiary"
	"prelaunch/core/company"
	"prelaunch/core/sale"
	"prelaunch/core/superadmin"
	"prelaunch/core/user"
)

const (
	DemoCompanyEmail = "hello@demo.test"
	DemoAdminEmail   = "admin@demo.test"
	DemoBuyerEmail   = "buyer@demo.test"
	DemoSuperAdmin   = "superadmin@demo.test"
	DemoTokenSymbol  = "ACW"
)

// Result says what the seed did, for the start-up banner.
type Result struct {
	CompanyID     string
	AdminPassword string // set only when the seed chose a random one
}

// ACWToken is the default token configuration. Supply figures follow the distribution
// lines over a total of 100,000,000 ACW; the private (pre-sale) supply of 10,000,000 is carved from
// the Public Cell allocation.
func ACWToken(companyID string) *sale.Token {
	d := decimal.RequireFromString
	return &sale.Token{
		CompanyID:      companyID,
		Symbol:         "ACW",
		Name:           "ACW",
		Decimals:       18,
		GSTRatePercent: sale.DefaultGSTRate,
		Address:        "0x0000000000000000000000000000000000000ACW",
		IconURL:        "/token-icon.svg",
		DefaultLogo:    "/token-icon.svg",
		HeaderLogo:     "/token-icon.svg",
		Title:          "ACW — AI-powered coin on the blockchain",
		TokenDistribution: []string{
			"51.3% Public Cell",
			"28.6% Referral Programme",
			"5.8% Angel Investor",
			"5.8% Founder Team",
			"8.5% Airdrop",
		},
		SocialLinks: []sale.SocialLink{
			{MediaName: "youtube", Link: "https://www.youtube.com/@acwtoken"},
			{MediaName: "facebook", Link: "https://www.facebook.com/acwtoken"},
			{MediaName: "instagram", Link: "https://www.instagram.com/acwtoken"},
			{MediaName: "telegram", Link: "https://t.me/acwtoken"},
			{MediaName: "whatsApp", Link: "https://wa.me/910000000000"},
			{MediaName: "X", Link: "https://x.com/acwtoken"},
		},
		ChartImg:                "/token-chart.svg",
		FooterNote:              "ACW is a utility token. Crypto assets are volatile; buy only what you can afford to hold.",
		MetaTitle:               "ACW — The Decentralized Future of Digital Finance",
		MetaDescription:         "ACW is a decentralized, community-led project with staking and a fair token distribution, built on AI and blockchain.",
		MetaKeywords:            "ACW, crypto token, pre-launch, pre-sale, staking, blockchain, AI, decentralized finance",
		Price:                   d("10"),
		PlatformChargePercent:   d("2"),
		TotalSupply:             d("100000000"),
		PrivateSupply:           d("10000000"),
		RemainingPrivateSupply:  d("10000000"),
		PublicCellSupply:        d("51300000"),
		AngelInvestorSupply:     d("5800000"),
		FounderTeamSupply:       d("5800000"),
		AirdropSupply:           d("8500000"),
		ReferralSupply:          d("28600000"),
		RemainingReferralSupply: d("28600000"),
		ReferralPercent:         d("5"),
	}
}

// Run loads the demo data. adminPassword may be empty: a random one is chosen when the admin is
// first created, and returned so the caller can print it.
func Run(ctx context.Context, db *bun.DB, adminPassword string, superAdmins []string) (Result, error) {
	var res Result
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// Serialise concurrent seeders.
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(7262001)"); err != nil {
			return err
		}
		var c company.Company
		err := tx.NewSelect().Model(&c).Where("lower(email) = ?", DemoCompanyEmail).Limit(1).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			c = company.Company{Name: "Demo Company", Email: DemoCompanyEmail, Mobile: "+919876543210",
				// The demo's Aadhaar, as every number: its last 4 digits only (its hash needs PII_KEY,
				// which the seed does not hold; the demo company is never compared).
				AadhaarLast4: "2346", PAN: "ABCDE1234F", Address: "12 MG Road, Bengaluru, Karnataka", Pincode: "560001"}
			if _, err := tx.NewInsert().Model(&c).Returning("id").Exec(ctx); err != nil {
				return fmt.Errorf("seed company: %w", err)
			}
			if _, err := tx.NewInsert().Model(ACWToken(c.ID)).Exec(ctx); err != nil {
				return fmt.Errorf("seed token: %w", err)
			}
			b := &beneficiary.Beneficiary{CompanyID: c.ID, HolderName: "Demo Company Pvt Ltd", BankName: "State Bank of India",
				Branch: "MG Road, Bengaluru", AccountNumber: "123456789012", IFSCCode: "SBIN0001234", UPI: "democompany@sbi"}
			if _, err := tx.NewInsert().Model(b).Exec(ctx); err != nil {
				return fmt.Errorf("seed beneficiary: %w", err)
			}
		} else if err != nil {
			return err
		}
		res.CompanyID = c.ID

		pw := adminPassword
		if pw == "" {
			pw = randomPassword()
		}
		created, err := ensureUser(ctx, tx, c.ID, user.RoleAdmin, "Demo Admin", DemoAdminEmail, pw, adminPassword != "")
		if err != nil {
			return err
		}
		if created && adminPassword == "" {
			res.AdminPassword = pw
		}
		// The demo admin owns the demo company (companies.owner_id).
		if _, err := tx.NewRaw(`UPDATE companies SET owner_id = (SELECT id FROM users WHERE company_id = ? AND role = ?
			AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1) WHERE id = ? AND owner_id IS NULL`, c.ID, user.RoleAdmin, c.ID).Exec(ctx); err != nil {
			return err
		}
		if _, err := ensureUser(ctx, tx, c.ID, user.RoleUser, "Demo Buyer", DemoBuyerEmail, pw, adminPassword != ""); err != nil {
			return err
		}
		for _, email := range append([]string{DemoSuperAdmin}, superAdmins...) {
			email = strings.ToLower(strings.TrimSpace(email))
			if email == "" {
				continue
			}
			if _, err := tx.NewInsert().Model(&superadmin.SuperAdmin{Email: email, Name: "Super Admin"}).
				On("CONFLICT ((lower(email))) DO NOTHING").Exec(ctx); err != nil {
				return fmt.Errorf("seed super admin: %w", err)
			}
		}
		return nil
	})
	return res, err
}

// ensureUser creates the user when absent; when present and syncPassword is set, it makes the
// stored password match (so a changed SEED_ADMIN_PASSWORD takes effect).
func ensureUser(ctx context.Context, tx bun.Tx, companyID, role, name, email, pw string, syncPassword bool) (bool, error) {
	var u user.User
	err := tx.NewSelect().Model(&u).Where("company_id = ?", companyID).Where("lower(email) = ?", email).
		Where("deleted_at IS NULL").Limit(1).Scan(ctx)
	if err == nil {
		if syncPassword && !auth.CheckPassword(ctx, u.PasswordHash, pw) {
			h, err := auth.HashPassword(ctx, pw)
			if err != nil {
				return false, err
			}
			_, err = tx.NewUpdate().Model(&u).Set("password_hash = ?", h).Set("token_version = token_version + 1").
				WherePK().Exec(ctx)
			return false, err
		}
		return false, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	h, err := auth.HashPassword(ctx, pw)
	if err != nil {
		return false, err
	}
	u = user.User{CompanyID: companyID, Role: role, Name: name, Email: email, Mobile: "+919000000000",
		PasswordHash: h, Status: user.StatusActive, IsApproved: true, StockBalance: decimal.Zero}
	if err := user.Insert(ctx, tx, &u); err != nil {
		return false, fmt.Errorf("seed user %s: %w", email, err)
	}
	return true, nil
}

func randomPassword() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
