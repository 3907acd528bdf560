-- Why the super admin suspended a company (company/update with status SUSPENDED requires it): shown
-- to the company's admins and buyers while it is suspended, emptied when it is reactivated.
ALTER TABLE companies ADD COLUMN suspension_reason text NOT NULL DEFAULT '';
