package user

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pgerr"
)

// UserRecord is a user as the admin's user table shows it.
type UserRecord struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Mobile       string          `json:"mobile"`
	Email        string          `json:"email"`
	Role         string          `json:"role"`
	ReferralCode string          `json:"referralCode"`
	IsApproved   bool            `json:"isApproved"`
	Status       string          `json:"status"`
	StockBalance decimal.Decimal `json:"stockBalance"`
	CreatedAt    time.Time       `json:"createdAt"`
	// KYCStatus is the user's identity verification (kyc.StatusSQL): NONE, PENDING, APPROVED,
	// REJECTED, or EXPIRED once an approval has ended.
	KYCStatus string `json:"kycStatus"`
	// TwoFactorLocked: an admin whose two-factor sign-in wrong codes locked (admin/auth/2fa/reset).
	TwoFactorLocked bool `json:"twoFactorLocked"`
}

// auditView is what the audit log keeps of a user: never the password hash.
type auditView struct {
	Name       string `json:"name"`
	Email      string `json:"email"`
	Mobile     string `json:"mobile"`
	Role       string `json:"role"`
	IsApproved bool   `json:"isApproved"`
	Status     string `json:"status"`
	Deleted    bool   `json:"deleted,omitempty"`
}

func auditOf(u *User) auditView {
	return auditView{Name: u.Name, Email: u.Email, Mobile: u.Mobile, Role: u.Role, IsApproved: u.IsApproved,
		Status: u.Status, Deleted: u.DeletedAt != nil}
}

// ListFilter is the query of GET /admin/auth/list.
type ListFilter struct {
	Page, Limit, Search, IsApproved string
	// Role is USER (the buyers; the default) or ADMIN (the company's admins): an admin is never
	// listed among the buyers.
	Role string
	// Sort is date (newest first, the default) or name (A→Z); Dir asc or desc.
	Sort, Dir string
}

// AddUserInput is the body of POST /admin/auth/add.
type AddUserInput struct {
	Name     string `json:"name" form:"name"`
	Mobile   string `json:"mobile" form:"mobile"`
	Email    string `json:"email" form:"email"`
	Role     string `json:"role" form:"role"`
	Password string `json:"password" form:"password"`
}

func validRole(r string) bool { return r == RoleUser || r == RoleAdmin }

var errDuplicateEmail = apperr.Conflict("duplicate_email", "A user with this email already exists.")

// AddUser creates a user of the admin's company. Users added by an admin start waiting for
// verification like registered buyers; added admins are approved at once.
func (s *Service) Add(ctx context.Context, actor audit.Actor, companyID string, in AddUserInput) (string, error) {
	in.Name = strings.TrimSpace(in.Name)
	in.Mobile = strings.TrimSpace(in.Mobile)
	in.Email = fields.NormEmail(in.Email)
	in.Role = strings.ToUpper(strings.TrimSpace(in.Role))
	var v apperr.Validation
	v.CheckField(in.Name != "", "name", "Name is required.")
	v.CheckField(in.Mobile != "", "mobile", "Mobile is required.")
	if in.Email == "" {
		v.Field("Email is required.", "email")
	} else {
		v.CheckField(fields.Email(in.Email), "email", "Please enter a valid email address.")
	}
	v.CheckField(validRole(in.Role), "role", "Role must be USER or ADMIN.")
	if in.Password == "" {
		v.Field("Password is required.", "password")
	} else {
		checkPassword(&v, in.Password, "password", "Password")
	}
	v.CheckField(len(in.Name) <= 100, "name", "Name must be at most 100 characters.")
	if in.Mobile != "" {
		e164, ok := fields.E164(in.Mobile)
		v.CheckField(ok, "mobile", fields.MsgMobile)
		in.Mobile = e164
	}
	v.CheckField(fields.OneLine(in.Name), "name", fields.MsgControl("Name"))
	if err := v.Err(); err != nil {
		return "", err
	}
	hash, err := auth.HashPassword(ctx, in.Password)
	if err != nil {
		return "", err
	}
	var id string
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := emailFree(ctx, tx, companyID, in.Email, ""); err != nil {
			return err
		}
		u := &User{CompanyID: companyID, Role: in.Role, Name: in.Name, Email: in.Email, Mobile: in.Mobile,
			PasswordHash: hash, Status: StatusActive, IsApproved: in.Role == RoleAdmin, StockBalance: decimal.Zero}
		if err := Insert(ctx, tx, u); err != nil {
			if errors.Is(err, ErrEmailTaken) {
				return errDuplicateEmail
			}
			return err
		}
		id = u.ID
		return audit.Write(ctx, tx, actor, "user.create", "user", u.ID, nil, auditOf(u))
	})
	return id, err
}

func emailFree(ctx context.Context, db bun.IDB, companyID, email, exceptID string) error {
	taken, err := emailTaken(ctx, db, companyID, email, exceptID)
	if err != nil {
		return err
	}
	if taken {
		return errDuplicateEmail
	}
	return nil
}

// UpdateUserInput is the body of PUT /admin/auth/update: id plus the fields to change, or id
// with isApproved true. Absent fields are left alone.
type UpdateUserInput struct {
	ID         string  `json:"id" form:"id"`
	Name       *string `json:"name" form:"name"`
	Mobile     *string `json:"mobile" form:"mobile"`
	Email      *string `json:"email" form:"email"`
	Role       *string `json:"role" form:"role"`
	IsApproved *bool   `json:"isApproved" form:"isApproved"`
	// CurrentPassword and Code are the acting admin's own password and (with two-factor on) a
	// code: asked only when the email changes.
	CurrentPassword string `json:"currentPassword" form:"currentPassword"`
	Code            string `json:"code" form:"code"`
}

var errUserNotFound = apperr.NotFound("user_not_found", "User not found.")

// ApprovalOnly reports whether the update only approves the user (the answer then says so).
func (in UpdateUserInput) ApprovalOnly() bool {
	return in.IsApproved != nil && in.Name == nil && in.Email == nil && in.Mobile == nil && in.Role == nil
}

// lockUser loads a live user of the company under a row lock, or 404.
func lockUser(ctx context.Context, tx bun.Tx, companyID, id string) (*User, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, apperr.Invalid("id_required", "id is required.")
	}
	if !fields.UUID(id) {
		return nil, errUserNotFound
	}
	var u User
	err := tx.NewSelect().Model(&u).Where("id = ?", id).Where("company_id = ?", companyID).
		Where("deleted_at IS NULL").For("UPDATE").Scan(ctx)
	if err != nil {
		return nil, notFoundOr(err, "user_not_found", "User not found.")
	}
	return &u, nil
}

// UpdateUser changes a user's name, mobile, email or role, or approves them. Approval cannot
// be withdrawn, and an admin cannot take away their own admin role.
func (s *Service) Update(ctx context.Context, actor audit.Actor, companyID string, in UpdateUserInput) error {
	var v apperr.Validation
	if in.Name != nil {
		*in.Name = strings.TrimSpace(*in.Name)
		v.CheckField(*in.Name != "", "name", "Name is required.")
		v.CheckField(len(*in.Name) <= 100, "name", "Name must be at most 100 characters.")
		v.CheckField(fields.OneLine(*in.Name), "name", fields.MsgControl("Name"))
	}
	if in.Mobile != nil {
		*in.Mobile = strings.TrimSpace(*in.Mobile)
		if *in.Mobile == "" {
			v.Field("Mobile is required.", "mobile")
		} else {
			e164, ok := fields.E164(*in.Mobile)
			v.CheckField(ok, "mobile", fields.MsgMobile)
			*in.Mobile = e164
		}
	}
	if in.Email != nil {
		*in.Email = fields.NormEmail(*in.Email)
		if *in.Email == "" {
			v.Field("Email is required.", "email")
		} else {
			v.CheckField(fields.Email(*in.Email), "email", "Please enter a valid email address.")
		}
	}
	if in.Role != nil {
		*in.Role = strings.ToUpper(strings.TrimSpace(*in.Role))
		v.CheckField(validRole(*in.Role), "role", "Role must be USER or ADMIN.")
	}
	if in.IsApproved != nil && !*in.IsApproved {
		v.Field("An approved user cannot be set back to waiting.", "isApproved")
	}
	if in.Name == nil && in.Mobile == nil && in.Email == nil && in.Role == nil && in.IsApproved == nil && strings.TrimSpace(in.ID) != "" {
		v.Add("Nothing to update.")
	}
	if err := v.Err(); err != nil {
		if strings.TrimSpace(in.ID) == "" {
			return apperr.Invalid("id_required", "id is required.")
		}
		return err
	}
	var oldEmail string
	if in.Email != nil {
		var err error
		if oldEmail, err = s.authoriseEmailChange(ctx, actor, companyID, in); err != nil {
			return err
		}
	}
	// After the commit, this process's token checks see the change at once (Revoker);
	// the others are told by the users trigger's notification.
	defer s.revoke(in.ID)
	emailChanged := false
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		u, err := lockUser(ctx, tx, companyID, in.ID)
		if err != nil {
			return err
		}
		before := auditOf(u)
		if in.Role != nil && *in.Role != RoleAdmin && u.ID == actor.ID {
			return apperr.InvalidField("self_demote", "role", "You cannot remove your own admin role.")
		}
		if in.Role != nil && *in.Role != RoleAdmin && u.Role == RoleAdmin {
			if owner, err := companyOwner(ctx, tx, companyID); err != nil {
				return err
			} else if u.ID == owner {
				return errOwnerProtected
			}
		}
		if in.Email != nil && *in.Email != strings.ToLower(u.Email) {
			if strings.ToLower(u.Email) != oldEmail { // changed since it was authorised
				return errEmailChangedMeanwhile
			}
			if err := emailFree(ctx, tx, companyID, *in.Email, u.ID); err != nil {
				return err
			}
			u.Email = *in.Email
			emailChanged = true
		}
		if in.Name != nil {
			u.Name = *in.Name
		}
		mobileChanged := in.Mobile != nil && *in.Mobile != u.Mobile
		if in.Mobile != nil {
			u.Mobile = *in.Mobile
		}
		roleChanged := in.Role != nil && *in.Role != u.Role
		if in.Role != nil {
			u.Role = *in.Role
		}
		if in.IsApproved != nil {
			u.IsApproved = true
		}
		q := tx.NewUpdate().Model(u).Column("name", "mobile", "email", "role", "is_approved").
			Set("updated_at = now()").WherePK()
		if mobileChanged {
			q = q.Set("mobile_repeat = false").Set("mobile_verified_at = NULL") // proved again by the buyer
		}
		if roleChanged || emailChanged {
			// A role change ends the user's sessions so no token outlives the role it was issued
			// for; an email change ends them so a taken-over address keeps no session open.
			q = q.Set("token_version = token_version + 1")
		}
		if _, err := q.Exec(ctx); err != nil {
			switch pgerr.UniqueViolation(err) {
			case "users_company_email_key":
				return errDuplicateEmail
			case mobileKey:
				return errMobileTaken()
			}
			return err
		}
		action := "user.update"
		if in.ApprovalOnly() {
			action = "user.approve"
		}
		return audit.Write(ctx, tx, actor, action, "user", u.ID, before, auditOf(u))
	})
	if err != nil {
		return err
	}
	if emailChanged {
		s.noticeEmailChanged(ctx, companyID, oldEmail, *in.Email)
	}
	return nil
}

// Delete closes an account of the company and signs it out: a buyer's is anonymised at once
// (closeBuyer; its purchases, KYC record and audit entries are kept 5 years, then purged by the
// retention job), an admin's is soft-deleted (the audit log names who decided what). An admin
// cannot delete themself.
func (s *Service) Delete(ctx context.Context, actor audit.Actor, companyID, id string) error {
	defer s.revoke(id)
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		u, err := lockUser(ctx, tx, companyID, id)
		if err != nil {
			return err
		}
		if u.ID == actor.ID {
			return apperr.Forbidden("self_delete", "You cannot delete your own account.")
		}
		if owner, err := companyOwner(ctx, tx, companyID); err != nil {
			return err
		} else if u.ID == owner {
			return errOwnerProtected
		}
		before := auditOf(u)
		if u.Role == RoleUser { // a buyer's account is closed: anonymised at once (close.go)
			if err := closeBuyer(ctx, tx, u, s.Clock.Now()); err != nil {
				return err
			}
			return audit.Write(ctx, tx, actor, "user.delete", "user", u.ID, before, auditOf(u))
		}
		if _, err := tx.NewUpdate().Model(u).Set("deleted_at = now()").Set("updated_at = now()").
			Set("token_version = token_version + 1").WherePK().Returning("deleted_at").Exec(ctx); err != nil {
			return err
		}
		return audit.Write(ctx, tx, actor, "user.delete", "user", u.ID, before, auditOf(u))
	})
}
